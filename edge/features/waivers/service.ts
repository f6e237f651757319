import { and, desc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { waiverSignatures, waivers } from '../../../db/schema/waivers.ts';
import { waiverContentHash, type WaiverHashedRecord } from '../../../db/waiver-hash.ts';
import { waiverSignatureRow } from '../../../db/waiver-signature.ts';
import { exactlyOnce, type OnceAnswer } from '../../lib/client-request.ts';
import { fail } from '../../lib/errors.ts';
import {
  ADULT_AGE,
  WAIVER_TEXT_VERSION,
  ageOn,
  dateOfBirthMessages,
  dateOfBirthProblem,
  waiverSubmissionSchema,
  type SignedWaiver,
  type WaiverDateRange,
  type WaiverLogEntry,
  type WaiverStatus,
} from './schema.ts';
import type { waiverLogQuerySchema } from './requests.ts';
import type { z } from 'zod';

export const MESSAGES = {
  fan: 'Only players and team owners sign the waiver. Register as a Player or Team Owner to sign it.',
  dobRequired: dateOfBirthMessages.required,
  dobInvalid: dateOfBirthMessages.invalid,
  dobTooOld: dateOfBirthMessages.tooOld,
  tooYoung: dateOfBirthMessages.tooYoung,
  guardianRequired: 'Parent/guardian name, e-mail and signature are required for players under 18',
  alreadySigned: 'You have already signed this waiver',
  signed: 'Waiver signed successfully',
  notPng: 'Signature must be a PNG image',
  guardianNotPng: 'Parent/guardian signature must be a PNG image',
  deviceTimeFuture: 'Device time is in the future',
  deviceTimeTooOld: 'Device time is more than 7 days in the past',
} as const;

/** The outbox's receipt name for this request (edge/lib/client-request.ts). */
export const SIGN_WAIVER_ENDPOINT = 'POST /api/waivers';
/** A waiver signed offline waits in the outbox; a week covers a weekend tournament trip (D16). */
export const MAX_DEVICE_TIME_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Phones' clocks drift; a device time a few minutes ahead of the server is skew, not fraud. */
export const MAX_DEVICE_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** A 600x200 canvas at up to 3x device pixel ratio fits comfortably. */
export const MAX_SIGNATURE_WIDTH = 2000;
export const MAX_SIGNATURE_HEIGHT = 1000;

type Submission = z.output<typeof waiverSubmissionSchema>;
type LogQuery = z.output<typeof waiverLogQuerySchema>;

/** GET /api/waivers/status: has the user signed the current text version, and does the form need a date of birth. */
export async function waiverStatus(db: Db, user: Pick<User, 'id' | 'dateOfBirth'>): Promise<WaiverStatus> {
  const [row] = await db
    .select({ receivedAt: waivers.receivedAt })
    .from(waivers)
    .where(
      and(eq(waivers.userId, user.id), eq(waivers.type, 'liability'), eq(waivers.textVersion, WAIVER_TEXT_VERSION)),
    )
    .limit(1);
  return {
    hasSigned: Boolean(row),
    textVersion: WAIVER_TEXT_VERSION,
    signedAt: row ? row.receivedAt.toISOString() : null,
    dateOfBirth: user.dateOfBirth ?? null,
  };
}

/** Fans only follow and support: the waiver is for people who compete (000 s2). Admins may compete too (D9). */
export function assertMaySign(user: Pick<User, 'role'>): void {
  if (user.role === 'fan') fail(403, MESSAGES.fan);
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height of a `data:image/png;base64,` URL whose bytes really are a PNG (magic bytes and IHDR), else null. */
export function pngSize(dataUrl: string): { width: number; height: number } | null {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:image/png;base64,') || comma < 0) return null;
  let bytes: Uint8Array;
  try {
    const binary = atob(dataUrl.slice(comma + 1));
    bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
  // Signature (8) + IHDR length (4) + "IHDR" (4) + width (4) + height (4).
  if (bytes.length < 24 || PNG_MAGIC.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ihdr = String.fromCharCode(...bytes.subarray(12, 16));
  if (view.getUint32(8) !== 13 || ihdr !== 'IHDR') return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function assertSignatureImage(dataUrl: string, notPngMessage: string, label: string): void {
  const size = pngSize(dataUrl);
  if (!size || size.width === 0 || size.height === 0) fail(400, notPngMessage);
  if (size.width > MAX_SIGNATURE_WIDTH || size.height > MAX_SIGNATURE_HEIGHT) {
    fail(400, `${label} image must be at most ${MAX_SIGNATURE_WIDTH}x${MAX_SIGNATURE_HEIGHT} pixels`);
  }
}

/** Age on `now` of a date of birth, refusing impossible, future and implausibly old dates, and under-13s (403). */
function checkedAge(dateOfBirth: string, now: Date): number {
  const problem = dateOfBirthProblem(dateOfBirth, now);
  if (problem) fail(problem === 'tooYoung' ? 403 : 400, dateOfBirthMessages[problem]);
  return ageOn(dateOfBirth, now)!;
}

/** The RAISE message of migration 0007's `waivers_no_replace` trigger. */
export const WAIVER_REPLACE_REFUSED = 'Signed waivers are legal records and cannot be replaced';

/**
 * True when the database refused a waiver because one is already on file, however the driver wraps it (libSQL
 * locally, Turso on Workers): the `waivers_no_replace` trigger (migration 0007), which fires BEFORE the unique index
 * is consulted and so is what a racing second insert meets, or the unique index itself.
 */
export function isDuplicateWaiver(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const { code, extendedCode, message } = e as { code?: unknown; extendedCode?: unknown; message?: unknown };
    if (extendedCode === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
    if (typeof message === 'string' && message.includes('UNIQUE constraint failed')) return true;
    if (typeof message === 'string' && message.includes(WAIVER_REPLACE_REFUSED)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export interface SignContext {
  now: Date;
  ipAddress: string | null;
  /** The request's Idempotency-Key (outbox client id), or null. */
  clientId?: string | null;
  /** The request's hash (`readRequestHash`): the same key with another body is refused 422. */
  requestHash?: string | null;
  /** WAIVER_SIGNING_KEY: the server signs the record's content hash with it (D8, issue 10). */
  signingKey: string;
}

/** The signer's device time (D8): up to 7 days before receipt (signed offline), at most 5 minutes ahead (skew). */
function checkedDeviceTime(deviceSignedAt: string | undefined, now: Date): Date | null {
  if (!deviceSignedAt) return null;
  const at = new Date(deviceSignedAt);
  if (at.getTime() > now.getTime() + MAX_DEVICE_CLOCK_SKEW_MS) fail(400, MESSAGES.deviceTimeFuture);
  if (at.getTime() < now.getTime() - MAX_DEVICE_TIME_AGE_MS) fail(400, MESSAGES.deviceTimeTooOld);
  return at;
}

/**
 * POST /api/waivers (D7, D8): re-checks every rule of the form, then stores the record with its content hash and
 * the server's signature of that hash and, when the profile had no date of birth, saves the submitted one on the
 * user, all in one transaction (a waiver is never on file unsigned). With a client
 * id (the offline outbox) a replay answers the original 201 instead of 'already signed'.
 */
export async function signWaiver(
  db: Db,
  userId: string,
  input: Submission,
  ctx: SignContext,
): Promise<OnceAnswer<SignedWaiver, 201>> {
  const key = {
    userId,
    clientId: ctx.clientId ?? null,
    endpoint: SIGN_WAIVER_ENDPOINT,
    requestHash: ctx.requestHash ?? null,
    now: ctx.now,
  };
  try {
    return await exactlyOnce(db, key, async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) fail(401, 'Unauthorized');
      assertMaySign(user);

      // D7: the stored date of birth wins; the form only supplies one when the profile has none.
      const storedDob = user.dateOfBirth ?? null;
      const dateOfBirth = storedDob ?? input.dateOfBirth ?? null;
      if (!dateOfBirth) fail(400, MESSAGES.dobRequired);
      const age = checkedAge(dateOfBirth, ctx.now);
      const minor = age < ADULT_AGE;
      if (minor && (!input.parentGuardianName || !input.parentGuardianEmail || !input.parentGuardianSignature)) {
        fail(400, MESSAGES.guardianRequired);
      }

      assertSignatureImage(input.signatureData, MESSAGES.notPng, 'Signature');
      if (minor) assertSignatureImage(input.parentGuardianSignature!, MESSAGES.guardianNotPng, 'Parent/guardian signature');
      const deviceSignedAt = checkedDeviceTime(input.deviceSignedAt, ctx.now);

      const [existing] = await tx
        .select({ id: waivers.id })
        .from(waivers)
        .where(
          and(eq(waivers.userId, userId), eq(waivers.type, input.type), eq(waivers.textVersion, WAIVER_TEXT_VERSION)),
        )
        .limit(1);
      if (existing) fail(409, MESSAGES.alreadySigned);

      // Exactly the field set the seed hashes (db/seed.ts waiverRow): every column but id and contentHash.
      const record: WaiverHashedRecord = {
        userId,
        type: input.type,
        textVersion: WAIVER_TEXT_VERSION,
        signerName: input.signerName,
        dateOfBirth,
        signatureData: input.signatureData,
        emergencyContactName: input.emergencyContactName,
        emergencyContactPhone: input.emergencyContactPhone,
        // An adult's guardian fields are not part of the record, whatever the browser sent.
        parentGuardianName: minor ? input.parentGuardianName! : null,
        parentGuardianEmail: minor ? input.parentGuardianEmail! : null,
        parentGuardianSignature: minor ? input.parentGuardianSignature! : null,
        ipAddress: ctx.ipAddress,
        deviceInfo: input.deviceInfo ?? null,
        deviceSignedAt,
        receivedAt: ctx.now,
      };
      const contentHash = waiverContentHash(record);
      const [row] = await tx.insert(waivers).values({ ...record, contentHash }).returning({ id: waivers.id });
      await tx.insert(waiverSignatures).values(waiverSignatureRow(ctx.signingKey, { id: row!.id, contentHash }, ctx.now));

      if (!storedDob) {
        await tx
          .update(users)
          .set({ dateOfBirth })
          .where(and(eq(users.id, userId), isNull(users.dateOfBirth)));
      }

      const body: SignedWaiver = {
        id: row!.id,
        type: 'liability',
        textVersion: WAIVER_TEXT_VERSION,
        receivedAt: ctx.now.toISOString(),
        contentHash,
        message: MESSAGES.signed,
      };
      return { status: 201, body };
    });
  } catch (error) {
    // Two submissions at once: the database decides, and the loser hears the same answer as a late double-click.
    if (isDuplicateWaiver(error)) fail(409, MESSAGES.alreadySigned);
    throw error;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Start of a waiver-log date range on the receipt time; null for all time. */
export function rangeStart(range: WaiverDateRange, now: Date): Date | null {
  switch (range) {
    case 'today':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    case 'week':
      return new Date(now.getTime() - 7 * DAY_MS);
    case 'month':
      return new Date(now.getTime() - 30 * DAY_MS);
    case 'year':
      return new Date(now.getTime() - 365 * DAY_MS);
    default:
      return null;
  }
}

/** A LIKE pattern that matches `text` literally anywhere (with `ESCAPE '\'`). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** GET /api/waivers/admin/all: the waiver log, newest first, filtered by name/e-mail, receipt date and type. */
export async function waiverLog(db: Db, query: LogQuery, now: Date): Promise<WaiverLogEntry[]> {
  const conditions: SQL[] = [];
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    const like = (expr: SQL) => sql`lower(${expr}) LIKE ${pattern} ESCAPE '\\'`;
    conditions.push(
      sql`(${like(sql`${users.firstName}`)} OR ${like(sql`${users.lastName}`)} OR ${like(
        sql`${users.firstName} || ' ' || ${users.lastName}`,
      )} OR ${like(sql`${users.email}`)})`,
    );
  }
  const since = rangeStart(query.range ?? 'all', now);
  if (since) conditions.push(gte(waivers.receivedAt, since));
  if (query.type && query.type !== 'all') conditions.push(sql`${waivers.type} = ${query.type}`);

  const rows = await db
    .select({
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        dateOfBirth: users.dateOfBirth,
      },
      waiver: waivers,
    })
    .from(waivers)
    .innerJoin(users, eq(users.id, waivers.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(waivers.receivedAt), desc(waivers.id));

  return rows.map(({ user, waiver: w }) => ({
    user: { ...user, dateOfBirth: user.dateOfBirth ?? null },
    waiver: {
      id: w.id,
      type: w.type,
      textVersion: w.textVersion,
      signerName: w.signerName,
      createdAt: w.receivedAt.toISOString(),
      deviceSignedAt: w.deviceSignedAt ? w.deviceSignedAt.toISOString() : null,
      ipAddress: w.ipAddress,
      emergencyContactName: w.emergencyContactName,
      emergencyContactPhone: w.emergencyContactPhone,
      parentGuardianName: w.parentGuardianName,
      parentGuardianEmail: w.parentGuardianEmail,
      parentGuardianSignature: w.parentGuardianSignature,
      signatureData: w.signatureData,
      deviceInfo: w.deviceInfo,
      contentHash: w.contentHash,
    },
  }));
}
