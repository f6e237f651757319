import { openLocalDatabase } from '../../db/local.ts';
import { startHranaServer, type HranaServer } from '../../scripts/hrana/server.ts';
import { createTestApp, type CreateTestAppOptions, type TestApp } from './app.ts';

/** A test app whose database is served by the Hrana test server (ADR 057), with the server to count round trips. */
export interface OverHttpTestApp extends TestApp {
  hrana: HranaServer;
  /**
   * Runs one call and counts the Hrana pipelines (HTTP round trips to the database) it made, the session lookup
   * included. The answer's body is read before counting stops.
   */
  roundTrips(call: () => Promise<Response>): Promise<{ res: Response; body: string; trips: number }>;
}

/**
 * createTestApp with the database over HTTP (`DATABASE_URL=http://...`), as the Worker reaches Turso and the Node host
 * would: the same migrated file, served by the Hrana test server on loopback.
 */
export async function createTestAppOverHttp(options: CreateTestAppOptions = {}): Promise<OverHttpTestApp> {
  let hrana: HranaServer | undefined;
  const t = await createTestApp({
    ...options,
    openDatabase: async (fileUrl) => {
      hrana = await startHranaServer({ file: fileUrl.slice('file:'.length) });
      const opened = await openLocalDatabase(hrana.url);
      const close = opened.client.close.bind(opened.client);
      const server = hrana;
      opened.client.close = () => {
        close();
        void server.close();
      };
      return opened;
    },
  });
  const server = hrana!;
  return {
    ...t,
    hrana: server,
    roundTrips: async (call) => {
      const before = server.stats.pipelines;
      const res = await call();
      const body = await res.text();
      return { res, body, trips: server.stats.pipelines - before };
    },
  };
}
