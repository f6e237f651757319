import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';

/**
 * The waiver's contract (000 s2, s3, s5, s7; 001 s3, s5, s9; D7, D8): the text the signer agrees to, the
 * submission schema shared by the form and the API, and the response shapes.
 */

export * from './constants.ts';

/** A drawn signature as the canvas exports it. ~200 KB is far above a real 600x200 signature PNG. */
const MAX_SIGNATURE_CHARS = 300_000;
const signatureImage = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(MAX_SIGNATURE_CHARS, { error: 'Signature image is too large' })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: message });

const optionalText = (max: number, label: string, name = false) =>
  freeText({ label, name })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * POST /api/waivers. The fields of 000 s3 plus what D7/D8 need: the signing-as name, the date of birth when
 * the profile lacks one, the guardian's e-mail, the agreement and the device's signing time. The server
 * re-checks the age rules (which depend on the stored date of birth), so this schema only checks shapes.
 */
export const waiverSubmissionSchema = z.object({
  type: z.literal('liability', { error: 'Waiver type must be liability' }).default('liability'),
  agreed: z.literal(true, { error: 'You must agree to the waiver terms' }),
  signerName: freeText({ label: 'Your name', name: true, error: 'Please type your full name' })
    .min(2, { error: 'Please type your full name' })
    .max(160, { error: 'Name must be at most 160 characters' }),
  dateOfBirth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date of birth must be a date' })
    .optional(),
  signatureData: signatureImage('Please sign the waiver'),
  emergencyContactName: freeText({ label: 'Emergency contact name', name: true, error: 'Emergency contact name is required' })
    .min(1, { error: 'Emergency contact name is required' })
    .max(160, { error: 'Emergency contact name must be at most 160 characters' }),
  emergencyContactPhone: z
    .string({ error: 'Emergency contact phone is required' })
    .trim()
    .min(1, { error: 'Emergency contact phone is required' })
    .max(40, { error: 'Emergency contact phone must be at most 40 characters' })
    .regex(/^[0-9+()\-.\s]{7,}$/, { error: 'Emergency contact phone must be a phone number' }),
  parentGuardianName: optionalText(160, 'Parent/guardian name', true),
  parentGuardianEmail: z
    .union([z.literal(''), z.email({ error: 'Parent/guardian e-mail must be a valid address' })])
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  parentGuardianSignature: z
    .union([z.literal(''), signatureImage('Parent/guardian signature is required')])
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** JSON text: screen size, viewport, platform, language, timezone (000 s3). */
  deviceInfo: optionalText(2000, 'Device info'),
  /** The signer's device clock when Submit was pressed (ISO 8601), kept beside the server's receipt time. */
  deviceSignedAt: z.iso.datetime({ offset: true, error: 'Device time must be an ISO date-time' }).optional(),
});
export type WaiverSubmission = z.input<typeof waiverSubmissionSchema>;

/** GET /api/waivers/status (signed in). */
export interface WaiverStatus {
  hasSigned: boolean;
  textVersion: string;
  /** When the current version was signed (server receipt time). */
  signedAt: string | null;
  /** The stored date of birth, or null when the form must ask for it (D7). */
  dateOfBirth: string | null;
}

/** POST /api/waivers answers 201 with this. */
export interface SignedWaiver {
  id: number;
  type: 'liability';
  textVersion: string;
  receivedAt: string;
  contentHash: string;
  message: string;
}

/** GET /api/waivers/admin/all: one row of the admin waiver log (001 s3). */
export interface WaiverLogEntry {
  user: { id: string; firstName: string; lastName: string; email: string; dateOfBirth: string | null };
  waiver: {
    id: number;
    type: 'liability' | 'media_release' | 'code_of_conduct';
    textVersion: string;
    signerName: string;
    createdAt: string;
    deviceSignedAt: string | null;
    ipAddress: string | null;
    emergencyContactName: string;
    emergencyContactPhone: string;
    parentGuardianName: string | null;
    parentGuardianEmail: string | null;
    parentGuardianSignature: string | null;
    signatureData: string;
    deviceInfo: string | null;
    contentHash: string;
  };
}

