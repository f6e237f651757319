import { z } from 'zod';

/**
 * The waiver's contract (000 s2, s3, s5, s7; 001 s3, s5, s9; D7, D8): the text the signer agrees to, the
 * submission schema shared by the form and the API, and the response shapes.
 */

/** Version of the text below. A new text gets a new version; each user signs each version once (D8). */
export const WAIVER_TEXT_VERSION = '2025-01';

export const WAIVER_TITLE = 'WTA Liability Waiver and Release';

/** The 10 clauses of the liability waiver (000 s2). Changing a word means a new WAIVER_TEXT_VERSION. */
export const WAIVER_CLAUSES: readonly { title: string; text: string }[] = [
  {
    title: 'Assumption of Risk',
    text: 'I understand that competing in WTA tournaments involves physical activity with inherent risks, including falls, collisions, strains, fractures, concussions and, in rare cases, permanent disability or death. I voluntarily assume all of these risks.',
  },
  {
    title: 'Release of Liability',
    text: 'I release the WTA league, its owners, hosts, sponsors, officials, volunteers and venues from any claim for injury, illness, loss or damage arising from my participation, except where caused by their gross negligence or willful misconduct.',
  },
  {
    title: 'Medical Fitness',
    text: 'I confirm that I am physically fit to compete, that I have no medical condition that makes participation unsafe, and that I will stop and tell an official if I feel unwell or injured.',
  },
  {
    title: 'Medical Treatment',
    text: 'I authorize WTA officials to obtain emergency medical treatment for me if I cannot consent myself, and I accept responsibility for the cost of that treatment.',
  },
  {
    title: 'Rules and Code of Conduct',
    text: 'I will follow the tournament rules, the instructions of referees and officials, and the WTA Code of Conduct. I understand that breaking them may lead to disqualification, forfeiture of prizes or a ban.',
  },
  {
    title: 'Equipment and Property',
    text: 'I am responsible for my own equipment and belongings. The league is not liable for personal property that is lost, stolen or damaged at any venue.',
  },
  {
    title: 'Media Release',
    text: 'I allow the league to photograph, film, stream and record me during events and to use those images and recordings to report on and promote the league, without payment to me.',
  },
  {
    title: 'Prize Eligibility',
    text: 'Cash prizes are paid only to eligible participants who have followed the rules, and may be withheld while a dispute, protest or investigation is open. I am responsible for any taxes on prizes I win.',
  },
  {
    title: 'Indemnification',
    text: 'I will indemnify and hold harmless the league and its partners against claims brought by others that arise from my own conduct at an event.',
  },
  {
    title: 'Entire Agreement and Severability',
    text: 'This waiver is governed by the laws of the state where the event takes place. If any part of it is found unenforceable, the rest remains in force. I have read it, understand it and sign it voluntarily.',
  },
];

/** D7: under 13 cannot sign (Terms); under 18 needs a parent or guardian. */
export const MINIMUM_SIGNING_AGE = 13;
export const ADULT_AGE = 18;

/** Full years between an ISO date of birth (YYYY-MM-DD) and `on`, by calendar date; null for a bad date. */
export function ageOn(dateOfBirth: string, on: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const born = new Date(Date.UTC(y, m - 1, d));
  if (born.getUTCFullYear() !== y || born.getUTCMonth() !== m - 1 || born.getUTCDate() !== d) return null;
  let age = on.getUTCFullYear() - y;
  const beforeBirthday = on.getUTCMonth() + 1 < m || (on.getUTCMonth() + 1 === m && on.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** 001 s5: the waiver log's age badge is the year difference (red under 18). */
export function yearDifferenceAge(dateOfBirth: string | null, on: Date): number | null {
  if (!dateOfBirth) return null;
  const year = Number(dateOfBirth.slice(0, 4));
  return Number.isFinite(year) && year > 0 ? on.getUTCFullYear() - year : null;
}

/** A drawn signature as the canvas exports it. ~200 KB is far above a real 600x200 signature PNG. */
const MAX_SIGNATURE_CHARS = 300_000;
const signatureImage = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(MAX_SIGNATURE_CHARS, { error: 'Signature image is too large' })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: message });

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
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
  signerName: z
    .string({ error: 'Please type your full name' })
    .trim()
    .min(2, { error: 'Please type your full name' })
    .max(160, { error: 'Name must be at most 160 characters' }),
  dateOfBirth: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date of birth must be a date' })
    .optional(),
  signatureData: signatureImage('Please sign the waiver'),
  emergencyContactName: z
    .string({ error: 'Emergency contact name is required' })
    .trim()
    .min(1, { error: 'Emergency contact name is required' })
    .max(160, { error: 'Emergency contact name must be at most 160 characters' }),
  emergencyContactPhone: z
    .string({ error: 'Emergency contact phone is required' })
    .trim()
    .min(1, { error: 'Emergency contact phone is required' })
    .max(40, { error: 'Emergency contact phone must be at most 40 characters' })
    .regex(/^[0-9+()\-.\s]{7,}$/, { error: 'Emergency contact phone must be a phone number' }),
  parentGuardianName: optionalText(160, 'Parent/guardian name'),
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

/** 001 s5: the waiver log's date filter. */
export const waiverDateRanges = ['all', 'today', 'week', 'month', 'year'] as const;
export type WaiverDateRange = (typeof waiverDateRanges)[number];

/** Query of GET /api/waivers/admin/all; every filter optional. */
export const waiverLogQuerySchema = z.object({
  search: z.string().trim().max(200, { error: 'Search must be at most 200 characters' }).optional(),
  range: z.enum(waiverDateRanges, { error: 'Range must be all, today, week, month or year' }).optional(),
  type: z
    .enum(['all', 'liability', 'media_release', 'code_of_conduct'], {
      error: 'Type must be all, liability, media_release or code_of_conduct',
    })
    .optional(),
});
