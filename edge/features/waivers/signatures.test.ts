// D8, issue 10 (ADR 010): a signed waiver cannot be replaced through SQL, and each one carries the server's
// signature of its content hash, written with it; waivers stored before signatures existed are signed at start.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalDatabase } from '../../../db/local.ts';
import { users } from '../../../db/schema/users.ts';
import { waiverSignatures, waivers } from '../../../db/schema/waivers.ts';
import { storedWaiverHash, waiverContentHash, type WaiverHashedRecord } from '../../../db/waiver-hash.ts';
import { waiverKeyId, waiverSignatureMatches, waiverSignatureRow } from '../../../db/waiver-signature.ts';
import { pngDataUrl } from '../../test/png.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startNodeServer } from '../../node.ts';
import type { SignedWaiver } from './schema.ts';
import { isDuplicateWaiver } from './service.ts';
import { signUnsignedWaivers } from './signatures.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

let t: TestApp;
let key: string;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  key = t.config.secrets.waiverSigningKey!;
});
afterEach(() => t.cleanup());

/** A member straight in the database. */
async function addUser(): Promise<string> {
  const id = randomUUID();
  await t.db.insert(users).values({ id, email: `${id}@example.test`, firstName: 'Jordan', lastName: 'Rivers' });
  return id;
}

/** The record the API would store for `userId` (every hashed field). */
function record(userId: string, fields: Partial<WaiverHashedRecord> = {}): WaiverHashedRecord {
  return {
    userId,
    type: 'liability',
    textVersion: '2025-01',
    signerName: 'Jordan Rivers',
    dateOfBirth: '1990-09-15',
    signatureData: pngDataUrl(),
    emergencyContactName: 'Sam Rivers',
    emergencyContactPhone: '(404) 555-0199',
    parentGuardianName: null,
    parentGuardianEmail: null,
    parentGuardianSignature: null,
    ipAddress: '203.0.113.7',
    deviceInfo: null,
    deviceSignedAt: null,
    receivedAt: NOW,
    ...fields,
  };
}

/** A waiver as stored before migration 0007: a sound content hash, no signature. */
async function insertUnsigned(userId: string, fields: Partial<WaiverHashedRecord> = {}) {
  const r = record(userId, fields);
  const [row] = await t.db
    .insert(waivers)
    .values({ ...r, contentHash: waiverContentHash(r) })
    .returning();
  return row!;
}

/** A waiver signed with `key` as the API stores it. */
async function insertSigned(userId: string) {
  const row = await insertUnsigned(userId);
  await t.db.insert(waiverSignatures).values(waiverSignatureRow(key, row, NOW));
  return row;
}

const waiverRow = async (id: number) => (await t.db.select().from(waivers).where(eq(waivers.id, id)))[0];
const signaturesOf = (waiverId: number) =>
  t.db.select().from(waiverSignatures).where(eq(waiverSignatures.waiverId, waiverId));

describe('a signed waiver cannot be replaced (D8)', () => {
  const columns =
    'id, user_id, type, text_version, signer_name, signature_data, emergency_contact_name, ' +
    'emergency_contact_phone, received_at, content_hash';
  const values = (id: number | null, userId: string, name: string) => ({
    sql: `(?, ?, 'liability', '2025-01', ?, 'data:image/png;base64,AAAA', 'Mallory', '555', ?, 'forged')`,
    args: [id, userId, name, NOW.getTime()],
  });

  for (const verb of ['REPLACE INTO', 'INSERT OR REPLACE INTO']) {
    it(`refuses ${verb} on the same id and on the same user, type and version; the waiver is unchanged`, async () => {
      const userId = await addUser();
      const before = await insertSigned(userId);
      const other = await addUser();
      // Same id (another user's content), then same user+type+version under a new id.
      for (const [id, owner] of [
        [before.id, other],
        [null, userId],
      ] as const) {
        const v = values(id, owner, 'Mallory Forger');
        await expect(
          t.client.execute({ sql: `${verb} waivers (${columns}) VALUES ${v.sql}`, args: v.args }),
        ).rejects.toThrow('Signed waivers are legal records and cannot be replaced');
      }
      expect(await t.db.select().from(waivers)).toEqual([before]);
      expect(storedWaiverHash(before)).toBe(before.contentHash);
    });
  }

  it('turns recursive triggers on, so REPLACE meets the delete trigger even without the insert trigger', async () => {
    expect((await t.client.execute('PRAGMA recursive_triggers')).rows[0]![0]).toBe(1);
    const userId = await addUser();
    const before = await insertSigned(userId);
    // The second lock on its own: without recursive triggers this REPLACE would silently delete the signed row.
    await t.client.execute('DROP TRIGGER waivers_no_replace');
    const v = values(before.id, userId, 'Mallory Forger');
    await expect(t.client.execute({ sql: `REPLACE INTO waivers (${columns}) VALUES ${v.sql}`, args: v.args })).rejects.toThrow(
      'Signed waivers are legal records and cannot be changed',
    );
    expect(await waiverRow(before.id)).toEqual(before);
  });

  it('keeps signatures append-only: no update, delete or replace', async () => {
    const before = await insertSigned(await addUser());
    const [signature] = await signaturesOf(before.id);
    const attempts = [
      { sql: "UPDATE waiver_signatures SET signature = 'forged' WHERE waiver_id = ?", args: [before.id] },
      { sql: 'DELETE FROM waiver_signatures WHERE waiver_id = ?', args: [before.id] },
      {
        sql: "REPLACE INTO waiver_signatures (waiver_id, key_id, algorithm, signature, created_at) VALUES (?, ?, 'HMAC-SHA256', 'forged', 0)",
        args: [before.id, waiverKeyId(key)],
      },
    ];
    for (const attempt of attempts) {
      await expect(t.client.execute(attempt)).rejects.toThrow('Waiver signatures are append-only');
    }
    expect(await signaturesOf(before.id)).toEqual([signature]);
  });

  it('still calls a duplicate a duplicate now that the trigger speaks before the unique index', async () => {
    // What a racing second signature meets at its INSERT (the service maps it to 409 'You have already signed').
    const userId = await addUser();
    await insertSigned(userId);
    const duplicate = record(userId, { signerName: 'Second Try' });
    const error = await t.db
      .transaction((tx) => tx.insert(waivers).values({ ...duplicate, contentHash: waiverContentHash(duplicate) }))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).not.toBeNull();
    expect(isDuplicateWaiver(error)).toBe(true);
    expect(isDuplicateWaiver(new Error('FOREIGN KEY constraint failed'))).toBe(false);
  });
});

describe('POST /api/waivers signs what it stores', () => {
  it('stores an HMAC-SHA256 signature of the content hash under the configured key, with the waiver', async () => {
    const agent = t.agent();
    expect((await agent.register({ role: 'player' })).status).toBe(201);
    const res = await agent.post('/api/waivers', {
      type: 'liability',
      agreed: true,
      signerName: 'Jordan Rivers',
      dateOfBirth: '1990-09-15',
      signatureData: pngDataUrl(),
      emergencyContactName: 'Sam Rivers',
      emergencyContactPhone: '(404) 555-0199',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const signed = (await res.json()) as SignedWaiver;

    const row = (await waiverRow(signed.id))!;
    const signatures = await signaturesOf(signed.id);
    expect(signatures).toHaveLength(1);
    expect(signatures[0]).toMatchObject({ keyId: waiverKeyId(key), algorithm: 'HMAC-SHA256', createdAt: NOW });
    expect(waiverSignatureMatches(key, row, signatures[0]!.signature)).toBe(true);
    // The signature vouches for this hash only: a rewritten record with a recomputed hash does not match it.
    expect(waiverSignatureMatches(key, { ...row, contentHash: '0'.repeat(64) }, signatures[0]!.signature)).toBe(false);
    expect(waiverSignatureMatches(key, { ...row, id: row.id + 1 }, signatures[0]!.signature)).toBe(false);
  });

  it('names the key by a prefix of its SHA-256, different for different keys', () => {
    expect(waiverKeyId(key)).toMatch(/^[0-9a-f]{16}$/);
    expect(waiverKeyId(key)).toBe(waiverKeyId(key));
    expect(waiverKeyId(randomBytes(32).toString('base64url'))).not.toBe(waiverKeyId(key));
  });
});

describe('signUnsignedWaivers', () => {
  it('signs the waivers stored before signatures, once; leaves altered and already signed ones alone', async () => {
    const old = await insertUnsigned(await addUser());
    const signedElsewhere = await insertUnsigned(await addUser());
    await t.db.insert(waiverSignatures).values(waiverSignatureRow('an-older-key-of-at-least-32-characters', signedElsewhere, NOW));
    // A record whose stored hash no longer fits its content (changed before anyone signed it): not blessed.
    const r = record(await addUser());
    const [altered] = await t.db
      .insert(waivers)
      .values({ ...r, contentHash: waiverContentHash({ ...r, emergencyContactPhone: 'was different' }) })
      .returning();

    const later = new Date(NOW.getTime() + 60_000);
    expect(await signUnsignedWaivers(t.db, key, later)).toEqual({ signed: 1, refused: [altered!.id] });
    const [signature] = await signaturesOf(old.id);
    expect(signature).toMatchObject({ keyId: waiverKeyId(key), createdAt: later });
    expect(waiverSignatureMatches(key, old, signature!.signature)).toBe(true);
    expect(await signaturesOf(signedElsewhere.id)).toHaveLength(1);
    expect(await signaturesOf(altered!.id)).toHaveLength(0);

    expect(await signUnsignedWaivers(t.db, key, later)).toEqual({ signed: 0, refused: [altered!.id] });
    expect(await signaturesOf(old.id)).toHaveLength(1);
  });

  it('pages through more waivers than one page holds', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 205; i += 1) ids.push((await insertUnsigned(await addUser(), { signatureData: 'x' })).id);
    expect((await signUnsignedWaivers(t.db, key, NOW)).signed).toBe(205);
    expect(await t.db.select().from(waiverSignatures)).toHaveLength(205);
  });
});

describe('the Node host', () => {
  it('signs the waivers already in its database when it starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wta-sign-start-'));
    mkdirSync(join(dir, 'dist'));
    try {
      const databaseUrl = `file:${join(dir, 'league.db')}`;
      const opened = await openLocalDatabase(databaseUrl);
      const userId = randomUUID();
      // A league that exists already (so the host does not seed) with a waiver from before signatures.
      await opened.db.insert(users).values({ id: userId, email: 'old@example.test', firstName: 'Old', lastName: 'Timer' });
      const r = record(userId);
      const [old] = await opened.db.insert(waivers).values({ ...r, contentHash: waiverContentHash(r) }).returning();
      opened.client.close();

      const signingKey = randomBytes(32).toString('base64url');
      const server = await startNodeServer({
        env: {
          PORT: '0',
          DATABASE_URL: databaseUrl,
          UPLOADS_DIR: join(dir, 'uploads'),
          WAIVER_SIGNING_KEY: signingKey,
          DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
        },
        distDir: join(dir, 'dist'),
        log: false,
      });
      await server.close();

      const reopened = await openLocalDatabase(databaseUrl);
      const signatures = await reopened.db.select().from(waiverSignatures).where(eq(waiverSignatures.waiverId, old!.id));
      reopened.client.close();
      expect(signatures).toHaveLength(1);
      expect(waiverSignatureMatches(signingKey, old!, signatures[0]!.signature)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

