// The Node host for e2e runs (spawned by scripts/e2e-server.ts under tsx): edge/node.ts's startNodeServer, serving
// a private copy of the build so a rebuild of dist/ during a run cannot pull files from under the browser.
import { E2E_CLIENT_IP_HEADER } from '../e2e/client-ip.ts';
import { socketAddress, startNodeServer } from '../edge/node.ts';

const distDir = process.env.E2E_DIST_DIR;
if (!distDir) throw new Error('E2E_DIST_DIR is not set');

// Every browser of the suite connects from localhost, and the suite signs up more accounts than D35's 30 per
// address per hour: the fixture that creates accounts through the API names an address of its own for each, as
// the API tests do (edge/test/app.ts). Only this test host reads the header; edge/node.ts never does.
const server = await startNodeServer({
  env: process.env,
  distDir,
  clientIp: (c) => c.req.header(E2E_CLIENT_IP_HEADER) ?? socketAddress(c),
});
const shutdown = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
