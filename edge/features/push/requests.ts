import { z } from 'zod';
import { PUSH_TEXTS } from './schema.ts';

// Request bodies and queries read by this feature's routes only: kept out of schema.ts, which the app imports, so
// the bundler does not ship zod schemas no screen uses to every client (ADR 069).

const base64url = (bytes: number) =>
  z
    .string({ error: PUSH_TEXTS.keys })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), { error: PUSH_TEXTS.keys });

/** POST /api/push/subscriptions: `PushSubscription.toJSON()` as the browser gives it. */
export const subscribeSchema = z.object({
  endpoint: z.url({ error: PUSH_TEXTS.endpoint }).max(2048, { error: PUSH_TEXTS.endpoint }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret (RFC 8291).
      p256dh: base64url(65).refine((k) => k.startsWith('B'), { error: PUSH_TEXTS.keys }),
      auth: base64url(16),
    },
    { error: PUSH_TEXTS.keys },
  ),
});
