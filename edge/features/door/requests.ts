import { z } from 'zod';
import { DOOR_MESSAGES } from './schema.ts';

// Request bodies and queries read by this feature's routes only: kept out of schema.ts, which the app imports, so
// the bundler does not ship zod schemas no screen uses to every client (ADR 069).

export const checkInSchema = z.object({
  code: z
    .string({ error: DOOR_MESSAGES.codeRequired })
    .trim()
    .min(1, DOOR_MESSAGES.codeRequired)
    .max(64, DOOR_MESSAGES.codeTooLong),
  /** True when the door admitted the holder on its saved list, with no signal. */
  offline: z.boolean().default(false),
  /** When the door scanned it (the device's clock). */
  scannedAt: z.iso.datetime({ offset: true }).optional(),
  /** The Idempotency-Key of this door's own online attempt that got no answer, if any. */
  replaces: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
