// The Node host for e2e runs (spawned by scripts/e2e-server.ts under tsx): edge/node.ts's startNodeServer, serving
// a private copy of the build so a rebuild of dist/ during a run cannot pull files from under the browser.
import { createServer } from 'node:http';
import { startNodeServer } from '../edge/node.ts';

const distDir = process.env.E2E_DIST_DIR;
if (!distDir) throw new Error('E2E_DIST_DIR is not set');

// The e2e test clock (issue 37): the machine's time plus an offset that only a spec moves forward, through a control
// port of its own (E2E_CLOCK_PORT, never the app's), so a spec can pass a check-in close, D40's 10 quiet minutes or
// D41's no-show time without waiting. `npm start` and the Worker never mount it: this file is the e2e host alone.
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

// The socket's address, as `npm start` takes it: the suite stays inside D35's per-address limits by creating the
// accounts it needs straight in the database (e2e/fixtures.ts), not by naming addresses of its own.
const server = await startNodeServer({ env: process.env, distDir, serverDir: process.env.E2E_SERVER_DIR, now });

const clockPort = Number(process.env.E2E_CLOCK_PORT ?? 0);
const control = clockPort
  ? createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && url.pathname === '/now') return answer(200, { now: now().toISOString(), offsetMs });
      if (req.method !== 'POST' || url.pathname !== '/advance') return answer(404, { message: 'Not found' });
      const ms = Number(url.searchParams.get('ms'));
      if (!Number.isInteger(ms) || ms < 0) return answer(400, { message: 'ms must be a whole number >= 0' });
      offsetMs += ms;
      // The tournament clock runs at once at the new time, as its minute timer would within a minute.
      server.runClock().then(
        ({ failed }) => answer(200, { now: now().toISOString(), offsetMs, failed }),
        (error: unknown) => answer(500, { message: String(error) }),
      );
    }).listen(clockPort, '127.0.0.1')
  : null;

const shutdown = () => {
  control?.close();
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
