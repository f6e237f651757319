// The Hrana test server (ADR 057) on its own, until Ctrl-C or SIGTERM:
//   npm run db:serve -- --db data/x.db [--port 8080] [--host 127.0.0.1] [--latency 20] [--auth-token T]
// (or node scripts/hrana/serve.ts ... on Node 22).
// It prints its URL, a DATABASE_URL for the hosts, drizzle-kit and the tests.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startHranaServer } from './server.ts';

const usage = 'usage: npm run db:serve -- --db <file> [--port 8080] [--host 127.0.0.1] [--latency ms] [--auth-token T]';
const options = {
  db: { type: 'string' },
  port: { type: 'string', default: '8080' },
  host: { type: 'string', default: '127.0.0.1' },
  latency: { type: 'string', default: '0' },
  'auth-token': { type: 'string' },
} as const;
let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
try {
  values = parseArgs({ options }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const port = Number(values.port);
const latencyMs = Number(values.latency);
if (!values.db || !Number.isInteger(port) || !(latencyMs >= 0)) {
  console.error(usage);
  process.exit(2);
}

const file = resolve(values.db);
mkdirSync(dirname(file), { recursive: true });
const server = await startHranaServer({ file, port, host: values.host, latencyMs, authToken: values['auth-token'] });
console.log(`[hrana] ${server.url} serves ${file}${latencyMs ? ` with ${latencyMs} ms a round trip` : ''}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
