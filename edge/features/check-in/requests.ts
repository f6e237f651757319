import { z } from 'zod';

// The body the door's check-in route validates: the server's alone, kept out of schema.ts, which the app imports for
// its words and window (ADR 069).

/** The host's or an admin's check-in of an entrant (at the door, online or sent later from its outbox). */
export const hostCheckInSchema = z.object({
  /**
   * When the door checked the entrant in, for a check-in queued without signal: it counts if made before the close
   * and received before the start. Absent: now.
   */
  scannedAt: z.iso.datetime({ offset: true }).optional(),
});

