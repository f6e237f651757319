import { and, asc, count, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { waiverSignatures, waivers } from '../../../db/schema/waivers.ts';
import { storedWaiverHash } from '../../../db/waiver-hash.ts';
import {
  WAIVER_SIGNATURE_ALGORITHM,
  waiverKeyId,
  waiverSignatureMatches,
  waiverSignatureRow,
} from '../../../db/waiver-signature.ts';

/**
 * D8, issue 10 (ADR 010): the server's signatures of signed waivers, outside the request path. New waivers are signed
 * in their own transaction (service.ts, db/seed.ts); this module signs the ones stored before signatures existed and
 * checks every record against its hash and signature for `npm run waivers:verify`.
 */

/** Rows read per round trip: a waiver carries two signature images (up to a few hundred kB), so never all at once. */
const PAGE = 200;

export interface SignUnsignedResult {
  /** Waivers signed now. */
  signed: number;
  /** Waivers left unsigned because their content no longer matches their hash: signing would bless the change. */
  refused: number[];
}

/**
 * Signs every waiver that has no signature under any key (those stored before migration 0007), idempotently: run by
 * the Node host after migrating, and by `npm run waivers:verify -- --sign-missing` for a Workers database. A waiver
 * whose content disagrees with its stored hash is left unsigned (and the verifier keeps reporting it). A waiver
 * signed under another key is left alone: that signature is the record, and a new key cannot vouch for the past.
 */
export async function signUnsignedWaivers(db: Db, key: string, now: Date): Promise<SignUnsignedResult> {
  const result: SignUnsignedResult = { signed: 0, refused: [] };
  let after = 0;
  for (;;) {
    // One write transaction per page: the check and the insert cannot interleave with another host doing the same.
    const page = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(waivers)
        .where(
          and(
            gt(waivers.id, after),
            notExists(
              tx.select({ one: sql`1` }).from(waiverSignatures).where(eq(waiverSignatures.waiverId, waivers.id)),
            ),
          ),
        )
        .orderBy(asc(waivers.id))
        .limit(PAGE);
      const sound = [];
      for (const row of rows) {
        if (storedWaiverHash(row) === row.contentHash) sound.push(row);
        else result.refused.push(row.id);
      }
      if (sound.length) await tx.insert(waiverSignatures).values(sound.map((row) => waiverSignatureRow(key, row, now)));
      result.signed += sound.length;
      return rows;
    });
    if (page.length < PAGE) return result;
    after = page[page.length - 1]!.id;
  }
}

/** One disagreement the verifier found. */
export type WaiverFinding =
  /** The record's fields no longer hash to its stored contentHash: the content was changed after signing. */
  | { kind: 'content'; waiverId: number; userId: string; storedHash: string; recomputedHash: string }
  /** The signature under our key does not sign the stored contentHash: content and hash were rewritten together. */
  | { kind: 'signature'; waiverId: number; userId: string; keyId: string; algorithm: string }
  /** No signature at all. */
  | { kind: 'missing-signature'; waiverId: number; userId: string }
  /** Signed, but only under keys other than ours: this key cannot check it. */
  | { kind: 'unknown-key'; waiverId: number; userId: string; keyIds: string[] }
  /** A signature whose waiver is gone: a signed record was deleted. */
  | { kind: 'orphan-signature'; signatureId: number; waiverId: number; keyId: string };

export interface WaiverVerification {
  keyId: string;
  waivers: number;
  signatures: number;
  findings: WaiverFinding[];
}

/**
 * Checks every waiver: its content against its contentHash (recomputed with db/waiver-hash.ts), and the contentHash
 * against its signature under `key`. Reads only. Signatures are append-only and written with their waiver, so
 * reading each page's signatures after the page itself never reports a waiver signed meanwhile as missing.
 */
export async function verifyWaivers(db: Db, key: string): Promise<WaiverVerification> {
  const keyId = waiverKeyId(key);
  const findings: WaiverFinding[] = [];
  let waiverCount = 0;
  let after = 0;
  for (;;) {
    const rows = await db.select().from(waivers).where(gt(waivers.id, after)).orderBy(asc(waivers.id)).limit(PAGE);
    if (!rows.length) break;
    const signatures = await db
      .select()
      .from(waiverSignatures)
      .where(inArray(waiverSignatures.waiverId, rows.map((row) => row.id)));
    for (const row of rows) {
      const recomputedHash = storedWaiverHash(row);
      if (recomputedHash !== row.contentHash) {
        const storedHash = row.contentHash;
        findings.push({ kind: 'content', waiverId: row.id, userId: row.userId, storedHash, recomputedHash });
      }
      const own = signatures.filter((s) => s.waiverId === row.id);
      const ours = own.find((s) => s.keyId === keyId);
      if (ours) {
        const sound = ours.algorithm === WAIVER_SIGNATURE_ALGORITHM && waiverSignatureMatches(key, row, ours.signature);
        if (!sound) {
          findings.push({ kind: 'signature', waiverId: row.id, userId: row.userId, keyId, algorithm: ours.algorithm });
        }
      } else if (own.length) {
        findings.push({ kind: 'unknown-key', waiverId: row.id, userId: row.userId, keyIds: own.map((s) => s.keyId) });
      } else {
        findings.push({ kind: 'missing-signature', waiverId: row.id, userId: row.userId });
      }
    }
    waiverCount += rows.length;
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }

  // One statement, so a waiver and the signature committed with it can never look like an orphan.
  const orphans = await db
    .select()
    .from(waiverSignatures)
    .where(notExists(db.select({ one: sql`1` }).from(waivers).where(eq(waivers.id, waiverSignatures.waiverId))));
  for (const s of orphans) {
    findings.push({ kind: 'orphan-signature', signatureId: s.id, waiverId: s.waiverId, keyId: s.keyId });
  }
  const [signatureCount] = await db.select({ n: count() }).from(waiverSignatures);
  return { keyId, waivers: waiverCount, signatures: signatureCount!.n, findings };
}

/** One line of the verifier's report for a finding. */
export function describeFinding(f: WaiverFinding): string {
  switch (f.kind) {
    case 'content':
      return (
        `waiver ${f.waiverId} (user ${f.userId}): content does not match its contentHash ` +
        `(stored ${f.storedHash}, content hashes to ${f.recomputedHash})`
      );
    case 'signature':
      return (
        `waiver ${f.waiverId} (user ${f.userId}): contentHash does not match its ${f.algorithm} signature ` +
        `under key ${f.keyId}`
      );
    case 'missing-signature':
      return `waiver ${f.waiverId} (user ${f.userId}): no signature`;
    case 'unknown-key':
      return `waiver ${f.waiverId} (user ${f.userId}): signed only under unknown key(s) ${f.keyIds.join(', ')}`;
    case 'orphan-signature':
      return `signature ${f.signatureId} (key ${f.keyId}) names waiver ${f.waiverId}, which is not in the database`;
  }
}
