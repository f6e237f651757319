import { CodeChallengeMethod, decodeIdToken, OAuth2Client } from 'arctic';
import type { Config } from '../../lib/config.ts';
import type { GoogleClaims } from './google.ts';

/** Google's OAuth 2.0 endpoints: the ones arctic's `Google` provider uses. */
export const GOOGLE_ENDPOINTS = {
  authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
};

/** Google sign-in as the callback needs it (D4); a dep of createApp so tests can stand in for Google's server. */
export interface GoogleProvider {
  /** Google's consent page for this state, with the PKCE (S256) challenge of `codeVerifier`. */
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Trades the callback's code and the PKCE verifier for the ID token's claims (throws when Google refuses). */
  exchangeCode(code: string, codeVerifier: string): Promise<GoogleClaims>;
}

/**
 * arctic's OAuth 2.0 client on Google's endpoints, or null without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.
 * The ID token is decoded without checking its signature, as arctic documents: it comes straight from Google's
 * token endpoint over TLS, in answer to our own authenticated request, never through the browser.
 */
export function createGoogleProvider(config: Config, endpoints = GOOGLE_ENDPOINTS): GoogleProvider | null {
  if (!config.google) return null;
  const client = new OAuth2Client(
    config.google.clientId,
    config.google.clientSecret,
    `${config.publicUrl}/api/auth/google/callback`,
  );
  return {
    authorizationUrl: (state, codeVerifier) =>
      client.createAuthorizationURLWithPKCE(endpoints.authorization, state, CodeChallengeMethod.S256, codeVerifier, [
        'openid',
        'profile',
        'email',
      ]),
    exchangeCode: async (code, codeVerifier) => {
      const tokens = await client.validateAuthorizationCode(endpoints.token, code, codeVerifier);
      return decodeIdToken(tokens.idToken()) as GoogleClaims;
    },
  };
}
