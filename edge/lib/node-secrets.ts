import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Config } from './config.ts';

/**
 * Node host only (never imported by the Worker): the server keys of issue 10 that are not set in the environment
 * are generated once into the data folder (the embedded database's folder) and read from there on every later
 * start, so a restart keeps verifying old waiver signatures and old device cookies. The files are created with
 * mode 0600 and `wx`, so two servers starting at once never overwrite each other's key.
 */
export function withNodeSecrets(config: Config): Config {
  const folder = dataFolder(config.databaseUrl);
  return {
    ...config,
    secrets: {
      waiverSigningKey: config.secrets.waiverSigningKey ?? keyFile(folder, WAIVER_SIGNING_KEY_FILE),
      deviceCookieSecret: config.secrets.deviceCookieSecret ?? keyFile(folder, 'device-cookie.key'),
    },
  };
}

/** The waiver signing key's file in the data folder. */
export const WAIVER_SIGNING_KEY_FILE = 'waiver-signing.key';

/**
 * The waiver signing key the Node host would use (WAIVER_SIGNING_KEY, else the data folder's key file), or
 * undefined when there is none. Never creates one: for tools that check old signatures (`npm run waivers:verify`),
 * where a new key could only call every signature wrong.
 */
export function existingWaiverSigningKey(config: Config): string | undefined {
  return config.secrets.waiverSigningKey ?? readKeyFile(join(dataFolder(config.databaseUrl), WAIVER_SIGNING_KEY_FILE));
}

/** The folder of a `file:` database, else `data/`. */
export function dataFolder(databaseUrl: string): string {
  if (databaseUrl.startsWith('file:')) {
    const path = databaseUrl.slice('file:'.length);
    if (path && path !== ':memory:') return dirname(resolve(path));
  }
  return resolve('data');
}

function keyFile(folder: string, name: string): string {
  const path = join(folder, name);
  mkdirSync(folder, { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(path, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(path)!;
}

/** The key stored at `path`, undefined when the file does not exist. */
function readKeyFile(path: string): string | undefined {
  let key: string;
  try {
    key = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (key.length < 32) throw new Error(`${path} holds no usable key (expected at least 32 characters).`);
  return key;
}
