// `npm run waivers:verify` (D8, ADR 010) on a seeded league: it finds every way someone with write access to the
// database file can rewrite a waiver, says all is well on a clean one, and never writes or makes a key itself.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InStatement } from '@libsql/client';
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/users.ts';
import { waiverSignatures, waivers } from '../../../db/schema/waivers.ts';
import { seedDemoData } from '../../../db/seed.ts';
import { waiverContentHash } from '../../../db/waiver-hash.ts';
import { waiverKeyId } from '../../../db/waiver-signature.ts';
import { waiversVerify } from '../../../scripts/waivers-verify.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

const NOW = new Date('2026-03-10T14:25:00Z');
const KEY = 'verify-test-waiver-signing-key-0123456789ab';
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({
    now: NOW,
    env: { WAIVER_SIGNING_KEY: KEY },
    seed: async (db) => {
      await seedDemoData(db, { now: NOW, hashPassword: async (p) => p, includeDemoAccounts: true, waiverSigningKey: KEY });
    },
  });
});
afterEach(() => t.cleanup());

const dataDir = () => dirname(t.databaseUrl.slice('file:'.length));

async function verify(env: Record<string, string | undefined> = {}, args: string[] = []) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await waiversVerify({
    env: { DATABASE_URL: t.databaseUrl, WAIVER_SIGNING_KEY: KEY, ...env },
    args,
    log: (line) => lines.push(line),
    error: (line) => errors.push(line),
  });
  return { code, lines, errors, summary: lines.at(-1) ?? '' };
}

/** Writes as someone with the database file would: triggers and foreign keys off, the change, then back on. */
async function tamper(...statements: InStatement[]) {
  const triggers = await t.client.execute(
    "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('waivers', 'waiver_signatures')",
  );
  expect(triggers.rows.length).toBeGreaterThanOrEqual(6);
  for (const trigger of triggers.rows) await t.client.execute(`DROP TRIGGER ${String(trigger.name)}`);
  await t.client.execute('PRAGMA foreign_keys = OFF');
  for (const statement of statements) await t.client.execute(statement);
  await t.client.execute('PRAGMA foreign_keys = ON');
  for (const trigger of triggers.rows) await t.client.execute(String(trigger.sql));
}

async function waiverOf(email: string) {
  const [row] = await t.db
    .select({ waiver: waivers })
    .from(waivers)
    .innerJoin(users, eq(users.id, waivers.userId))
    .where(eq(users.email, email));
  return row!.waiver;
}

const waiverCount = async () => (await t.db.select({ n: count() }).from(waivers))[0]!.n;
const signatureCount = async () => (await t.db.select({ n: count() }).from(waiverSignatures))[0]!.n;

describe('npm run waivers:verify', () => {
  it('reports all good on a clean seeded league', async () => {
    const n = await waiverCount();
    expect(n).toBeGreaterThan(5);
    const result = await verify();
    expect(result.code).toBe(0);
    expect(result.errors).toEqual([]);
    expect(result.summary).toBe(
      `OK: ${n} waiver(s) and ${n} signature(s) under key ${waiverKeyId(KEY)}: every record agrees with its content hash and signature.`,
    );
  });

  it('(a) finds a waiver whose content was changed by hand', async () => {
    const w = await waiverOf('verified@wta.local');
    await tamper({ sql: 'UPDATE waivers SET emergency_contact_phone = ? WHERE id = ?', args: ['(404) 555-0000', w.id] });
    const result = await verify();
    expect(result.code).toBe(1);
    const changed = { ...w, emergencyContactPhone: '(404) 555-0000' };
    const { id: _id, contentHash: _hash, ...content } = changed;
    expect(result.lines).toContain(
      `waiver ${w.id} (user ${w.userId}): content does not match its contentHash (stored ${w.contentHash}, content hashes to ${waiverContentHash(content)})`,
    );
    expect(result.summary).toMatch(/^DISAGREE: .*: 1 problem\(s\) \(1 content changed\)\.$/);
  });

  it('(b) finds a waiver whose content and contentHash were rewritten together: only the signature tells', async () => {
    const w = await waiverOf('verified@wta.local');
    const { id: _id, contentHash: _hash, ...content } = w;
    const forged = { ...content, signerName: 'Someone Else' };
    await tamper({
      sql: 'UPDATE waivers SET signer_name = ?, content_hash = ? WHERE id = ?',
      args: [forged.signerName, waiverContentHash(forged), w.id],
    });
    const result = await verify();
    expect(result.code).toBe(1);
    expect(result.lines).toContain(
      `waiver ${w.id} (user ${w.userId}): contentHash does not match its HMAC-SHA256 signature under key ${waiverKeyId(KEY)}`,
    );
    expect(result.summary).toMatch(/\(1 bad signature\)\.$/);
  });

  it('(c) finds a waiver without a signature, and stays read-only: it does not sign it', async () => {
    const w = await waiverOf('verified@wta.local');
    await tamper({ sql: 'DELETE FROM waiver_signatures WHERE waiver_id = ?', args: [w.id] });
    const signatures = await signatureCount();
    for (let i = 0; i < 2; i += 1) {
      const result = await verify();
      expect(result.code).toBe(1);
      expect(result.lines).toContain(`waiver ${w.id} (user ${w.userId}): no signature`);
      expect(result.summary).toMatch(/\(1 unsigned\)\.$/);
    }
    expect(await signatureCount()).toBe(signatures);

    // The one write it offers, asked for by name: sign what has no signature (a Workers database after 0007).
    const signed = await verify({}, ['--sign-missing']);
    expect(signed.lines).toContain('Signed 1 waiver(s) that had no signature.');
    expect(signed.code).toBe(0);
    expect(await signatureCount()).toBe(signatures + 1);
  });

  it('(d) finds every waiver signed under another key when given the wrong key', async () => {
    const other = 'another-waiver-signing-key-0123456789abcdef';
    const n = await waiverCount();
    const result = await verify({ WAIVER_SIGNING_KEY: other });
    expect(result.code).toBe(1);
    const unknown = result.lines.filter((l) => l.endsWith(`signed only under unknown key(s) ${waiverKeyId(KEY)}`));
    expect(unknown).toHaveLength(n);
    expect(result.summary).toContain(`under key ${waiverKeyId(other)}: ${n} problem(s) (${n} unknown key)`);
  });

  it('finds a signed waiver that was deleted, by the signature it left behind', async () => {
    const w = await waiverOf('verified@wta.local');
    await tamper({ sql: 'DELETE FROM waivers WHERE id = ?', args: [w.id] });
    const result = await verify();
    expect(result.code).toBe(1);
    expect(result.lines).toContainEqual(
      expect.stringMatching(new RegExp(`^signature \\d+ \\(key ${waiverKeyId(KEY)}\\) names waiver ${w.id}, which is not in the database$`)),
    );
  });

  it("reads the data folder's key file when WAIVER_SIGNING_KEY is unset, as the Node host does", async () => {
    writeFileSync(join(dataDir(), 'waiver-signing.key'), `${KEY}\n`);
    const result = await verify({ WAIVER_SIGNING_KEY: undefined });
    expect(result.code).toBe(0);
    expect(result.lines[0]).toContain(join(dataDir(), 'waiver-signing.key'));
  });

  it('never makes a key: without one it says so and exits 2', async () => {
    const result = await verify({ WAIVER_SIGNING_KEY: undefined });
    expect(result.code).toBe(2);
    expect(result.errors.join('\n')).toContain('No waiver signing key');
    expect(existsSync(join(dataDir(), 'waiver-signing.key'))).toBe(false);
  });

  it('does not create a database that is not there', async () => {
    const missing = join(dataDir(), 'missing.db');
    const result = await verify({ DATABASE_URL: `file:${missing}` });
    expect(result.code).toBe(2);
    expect(result.errors.join('\n')).toContain(`No database at file:${missing}`);
    expect(existsSync(missing)).toBe(false);
  });

  it('exits 1 when run as a command on a tampered database', async () => {
    const w = await waiverOf('verified@wta.local');
    await tamper({ sql: 'UPDATE waivers SET ip_address = ? WHERE id = ?', args: ['203.0.113.66', w.id] });
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolveRun, reject) => {
      const { WAIVER_SIGNING_KEY: _k, DATABASE_URL: _d, ...env } = process.env;
      // As package.json's `waivers:verify` runs it.
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/waivers-verify.ts'], {
        cwd: repoRoot,
        env: { ...env, DATABASE_URL: t.databaseUrl, WAIVER_SIGNING_KEY: KEY },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('error', reject);
      child.once('close', (exitCode) => resolveRun({ code: exitCode, stdout: out }));
    });
    expect(code, stdout).toBe(1);
    expect(stdout).toContain(`waiver ${w.id} (user ${w.userId}): content does not match its contentHash`);
    expect(stdout).toMatch(/DISAGREE: .*\(1 content changed\)\.\n$/);
  });
});
