import { z } from 'zod';

/**
 * D2: every setting is an environment variable with a working default for the embedded run.
 * Parsed once per host start; a malformed value fails loudly instead of being half-used.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().min(1).default('file:data/league.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  UPLOADS_DIR: z.string().min(1).default('data/uploads'),
  PUBLIC_URL: z.url().optional(),
  LEAGUE_EMAIL_DOMAIN: z.string().min(1).default('wta.local'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // Where the Stripe SDK sends its API calls instead of https://api.stripe.com: a local fake of Stripe's API in tests
  // (both hosts, ADR 060). An origin only: the SDK takes a host, a port and a protocol, never a path.
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) origin, e.g. http://127.0.0.1:12111' })
    .refine((url) => !URL.canParse(url) || (new URL(url).pathname === '/' && !new URL(url).search), {
      error: 'must be an origin without a path, e.g. http://127.0.0.1:12111',
    })
    .optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  // Server keys kept outside the database (issue 10). On Node each is generated once into the data folder when
  // unset (edge/lib/node-secrets.ts); a Worker needs them as secrets.
  WAIVER_SIGNING_KEY: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  DEVICE_COOKIE_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  // D28: Web Push is on when all three are set (`npm run vapid-keys` prints a pair).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be an uncompressed P-256 public key in base64url (87 characters)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a P-256 private key in base64url (43 characters)' })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, { error: 'must be a mailto: address (or an https: URL)' })
    .optional(),
  // D43: requests a minute to the public API (/api/v1/) per address without a key, and per key.
  API_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(60),
  API_RATE_LIMIT_PER_KEY: z.coerce.number().int().min(1).max(1_000_000).default(600),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  uploadsDir: string;
  /** Origin the league is served from, without a trailing slash. */
  publicUrl: string;
  leagueEmailDomain: string;
  /** `apiUrl`: the origin the SDK calls instead of Stripe's (STRIPE_API_URL, tests only); undefined for Stripe's. */
  stripe: { secretKey: string; webhookSecret: string | undefined; apiUrl: string | undefined } | null;
  google: { clientId: string; clientSecret: string } | null;
  /**
   * Keys that never live in the database: `waiverSigningKey` signs every waiver's content hash (D8),
   * `deviceCookieSecret` signs the device cookies of D35. Unset here means "the host must supply one".
   */
  secrets: { waiverSigningKey: string | undefined; deviceCookieSecret: string | undefined };
  /** D28: the VAPID keys Web Push is sent with, or null when push is off. */
  push: { publicKey: string; privateKey: string; subject: string } | null;
  /** D43: the public API's requests a minute, per address (no key) and per key. */
  apiLimits: { perAddress: number; perKey: number };
}

/** Names of the secret settings, for hosts that must supply or generate them. */
export const SECRET_SETTINGS = ['WAIVER_SIGNING_KEY', 'DEVICE_COOKIE_SECRET'] as const;

/** Reads configuration from a plain record (process.env on Node, the Worker's env bindings on Workers). */
export function loadConfig(source: Record<string, unknown>): Config {
  // Empty strings count as unset, as they do in most .env files.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  const env = parsed.data;
  const vapid = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
  if (vapid.some(Boolean) && !vapid.every(Boolean)) {
    // Half a configuration would hide the switch with no word why: say which setting is missing.
    throw new Error('Invalid configuration: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are set together');
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    databaseAuthToken: env.DATABASE_AUTH_TOKEN,
    uploadsDir: env.UPLOADS_DIR,
    publicUrl,
    leagueEmailDomain: env.LEAGUE_EMAIL_DOMAIN.toLowerCase().replace(/^@/, ''),
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }
      : null,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : null,
    secrets: { waiverSigningKey: env.WAIVER_SIGNING_KEY, deviceCookieSecret: env.DEVICE_COOKIE_SECRET },
    push:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
        : null,
    apiLimits: { perAddress: env.API_RATE_LIMIT_PER_ADDRESS, perKey: env.API_RATE_LIMIT_PER_KEY },
  };
}

/** The config's secrets, or a loud failure naming the missing setting (createApp calls it once at start). */
export function requireSecrets(config: Config): { waiverSigningKey: string; deviceCookieSecret: string } {
  const { waiverSigningKey, deviceCookieSecret } = config.secrets;
  if (!waiverSigningKey) throw new Error('WAIVER_SIGNING_KEY is not set (README: Configuration).');
  if (!deviceCookieSecret) throw new Error('DEVICE_COOKIE_SECRET is not set (README: Configuration).');
  return { waiverSigningKey, deviceCookieSecret };
}
