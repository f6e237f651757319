// A database reached over HTTP as Turso is (the Hrana test server on a migrated file, ADR 057) that a test can take
// away and bring back: "Turso is unreachable" for the tests of ADR 060, on either host.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { startHranaServer, type HranaServer } from '../../scripts/hrana/server.ts';
import type { Db } from '../../db/client.ts';
import { openLocalDatabase } from '../../db/local.ts';

export interface RemoteDatabase {
  /** `http://127.0.0.1:<port>`: a Worker's DATABASE_URL. The port stays the same across `stop` and `start`. */
  url: string;
  /** Opened as the Node host opens a remote DATABASE_URL (db/local.ts). */
  db: Db;
  /** The server goes away: every request to it is refused, as when Turso cannot be reached. */
  stop(): Promise<void>;
  /** The server is back on the same address. */
  start(): Promise<void>;
  cleanup(): Promise<void>;
}

/** `authToken`: the server wants it, as Turso does, and the Node host's client sends it. */
export async function remoteDatabase({ authToken }: { authToken?: string } = {}): Promise<RemoteDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'wta-remote-'));
  const file = join(dir, 'db.sqlite');
  (await openLocalDatabase(`file:${file}`)).client.close();
  let server: HranaServer | null = await startHranaServer({ file, authToken });
  const url = server.url;
  const port = Number(new URL(url).port);
  const opened: { client: Client; db: Db } = await openLocalDatabase(url, authToken);
  const stop = async () => {
    const running = server;
    server = null;
    await running?.close();
  };
  return {
    url,
    db: opened.db,
    stop,
    start: async () => {
      server ??= await startHranaServer({ file, port, authToken });
    },
    cleanup: async () => {
      opened.client.close();
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
