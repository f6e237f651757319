// `npm run waivers:verify` (D8, ADR 010): an admin checks every signed waiver of DATABASE_URL against its content
// hash and the server's signature, with the key the Node host uses (WAIVER_SIGNING_KEY, else the data folder's
// waiver-signing.key). Reads only: no migration, no journal change, and on a file `PRAGMA query_only` as a guard.
// `--sign-missing` is the one write: it first signs waivers stored before signatures existed (what the Node host
// does at start; a Workers database needs it once after migration 0007).
// Exit codes: 0 every record agrees, 1 some disagree, 2 nothing could be checked (no key, no database, bad usage).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, parseEnv } from 'node:util';
import { createClient } from '@libsql/client';
import { createDb } from '../db/client.ts';
import { waiverKeyId } from '../db/waiver-signature.ts';
import {
  describeFinding,
  signUnsignedWaivers,
  verifyWaivers,
  type WaiverFinding,
} from '../edge/features/waivers/signatures.ts';
import { loadConfig } from '../edge/lib/config.ts';
import { WAIVER_SIGNING_KEY_FILE, dataFolder, existingWaiverSigningKey } from '../edge/lib/node-secrets.ts';

const USAGE = 'Usage: npm run waivers:verify [-- --sign-missing]';

export interface WaiversVerifyOptions {
  /** Where DATABASE_URL, DATABASE_AUTH_TOKEN and WAIVER_SIGNING_KEY come from (process.env from the CLI). */
  env: Record<string, string | undefined>;
  args?: string[];
  log?: (line: string) => void;
  error?: (line: string) => void;
  now?: () => Date;
}

const LABELS: Record<WaiverFinding['kind'], string> = {
  content: 'content changed',
  signature: 'bad signature',
  'missing-signature': 'unsigned',
  'unknown-key': 'unknown key',
  'orphan-signature': 'signature without waiver',
};

/** Runs the verifier and returns its exit code (0 all agree, 1 some disagree, 2 could not check). */
export async function waiversVerify(options: WaiversVerifyOptions): Promise<number> {
  const log = options.log ?? ((line: string) => console.log(line));
  const error = options.error ?? ((line: string) => console.error(line));

  let signMissing: boolean;
  let config: ReturnType<typeof loadConfig>;
  let key: string | undefined;
  try {
    const { values } = parseArgs({ args: options.args ?? [], options: { 'sign-missing': { type: 'boolean' } } });
    signMissing = values['sign-missing'] ?? false;
    config = loadConfig(options.env);
    key = existingWaiverSigningKey(config);
  } catch (e) {
    error(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
    return 2;
  }
  const keyFile = join(dataFolder(config.databaseUrl), WAIVER_SIGNING_KEY_FILE);
  if (!key) {
    error(
      `No waiver signing key: WAIVER_SIGNING_KEY is not set and ${keyFile} does not exist. ` +
        'The verifier never makes a key (a new one could only call every signature wrong): give it the key that ' +
        'signed the waivers (on Workers, the WAIVER_SIGNING_KEY secret).',
    );
    return 2;
  }

  const url = config.databaseUrl;
  const isFile = url.startsWith('file:');
  if (isFile) {
    const path = url.slice('file:'.length);
    // Opening a missing file would create an empty database: a verifier writes nothing, not even that.
    if (!path || path === ':memory:' || !existsSync(resolve(path))) {
      error(`No database at ${url}: set DATABASE_URL to the league's database.`);
      return 2;
    }
  }

  const client = createClient(
    isFile ? { url, concurrency: 1, timeout: 5000 } : { url, authToken: config.databaseAuthToken },
  );
  try {
    if (isFile) {
      await client.execute('PRAGMA busy_timeout = 5000');
      // A second guard on top of issuing only SELECTs: SQLite itself refuses any write on this connection.
      await client.execute(signMissing ? 'PRAGMA foreign_keys = ON' : 'PRAGMA query_only = ON');
    }
    const table = await client.execute(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'waiver_signatures'",
    );
    if (!table.rows.length) {
      error(`${url} has no waiver_signatures table yet (migration 0007): start the server once, or migrate it.`);
      return 2;
    }
    const db = createDb(client);
    const keyId = waiverKeyId(key);
    const keySource = config.secrets.waiverSigningKey ? 'WAIVER_SIGNING_KEY' : keyFile;
    log(`Checking the waivers of ${url} with key ${keyId} (${keySource}).`);

    if (signMissing) {
      const { signed, refused } = await signUnsignedWaivers(db, key, (options.now ?? (() => new Date()))());
      log(`Signed ${signed} waiver(s) that had no signature.`);
      if (refused.length) log(`Left unsigned, their content disagrees with their hash: ${refused.join(', ')}.`);
    }

    const result = await verifyWaivers(db, key);
    for (const finding of result.findings) log(describeFinding(finding));
    const checked = `${result.waivers} waiver(s) and ${result.signatures} signature(s) under key ${result.keyId}`;
    if (!result.findings.length) {
      log(`OK: ${checked}: every record agrees with its content hash and signature.`);
      return 0;
    }
    const tally = new Map<string, number>();
    for (const f of result.findings) tally.set(LABELS[f.kind], (tally.get(LABELS[f.kind]) ?? 0) + 1);
    const parts = [...tally].map(([label, n]) => `${n} ${label}`).join(', ');
    log(`DISAGREE: ${checked}: ${result.findings.length} problem(s) (${parts}).`);
    return 1;
  } catch (e) {
    error(`Could not check the waivers of ${url}: ${e instanceof Error ? e.message : String(e)}`);
    return 2;
  } finally {
    client.close();
  }
}

function isMain(): boolean {
  const entry = process.argv[1];
  return !!entry && resolve(entry) === fileURLToPath(import.meta.url);
}

if (isMain()) {
  // Like `npm start`: a `.env` at the root fills in what the shell does not set (the shell wins).
  const envFile = join(dirname(fileURLToPath(import.meta.url)), '..', '.env');
  const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
  process.exitCode = await waiversVerify({ env: { ...fromFile, ...process.env }, args: process.argv.slice(2) });
}
