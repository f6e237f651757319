/** D44: what a key may do beyond reading the public API. `scores`: report and correct scores where its owner hosts. */
export const API_KEY_SCOPES = ['scores'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_NAME_MAX = 60;
/** Keys a member may hold at once (revoked ones do not count): enough for every scoreboard, not a bulk store. */
export const API_KEYS_MAX = 10;

export const API_KEY_MESSAGES = {
  name: `Name must be 1 to ${API_KEY_NAME_MAX} characters`,
  scopes: `Scopes must be a list of: ${API_KEY_SCOPES.join(', ')}`,
  notAllowed: 'Only verified members and admins can create API keys',
  tooMany: `You can hold at most ${API_KEYS_MAX} active API keys. Revoke one first.`,
  notFound: 'API key not found',
  /** A bearer token that names no key, a revoked one, or a malformed header (401). */
  invalid: 'Invalid API key',
  /** The key is valid but its owner may not use it now: no longer verified, suspended or banned (403). */
  ownerBlocked: "This API key's owner cannot use the API right now",
  /** A route outside the public API (a member's data, the admin's) with a key: keys never reach them (403). */
  privateRoute: 'API keys work only on the public API under /api/v1/',
  scope: 'This API key does not have the scores scope',
  notHost: 'An API key reports scores only in tournaments its owner hosts',
} as const;

/** One of the member's keys as the card lists it; the key itself is never sent again. */
export interface ApiKeySummary {
  id: number;
  name: string;
  /** The key's first characters ('wta_Xy12Ab'), to tell keys apart. */
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** POST's answer: the summary and, this once, the key. */
export interface CreatedApiKey extends ApiKeySummary {
  key: string;
}
