// The Node host for e2e runs (spawned by scripts/e2e-server.ts under tsx): edge/node.ts's startNodeServer, serving
// a private copy of the build so a rebuild of dist/ during a run cannot pull files from under the browser.
import { startNodeServer } from '../edge/node.ts';

const distDir = process.env.E2E_DIST_DIR;
if (!distDir) throw new Error('E2E_DIST_DIR is not set');

// The socket's address, as `npm start` takes it: the suite stays inside D35's per-address limits by creating the
// accounts it needs straight in the database (e2e/fixtures.ts), not by naming addresses of its own.
const server = await startNodeServer({ env: process.env, distDir, serverDir: process.env.E2E_SERVER_DIR });
const shutdown = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
