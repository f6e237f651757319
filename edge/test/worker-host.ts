// The Worker host (edge/worker.ts) called as workerd would call it, for the tests of a rule on its side while the
// Worker does not start yet: its database is a remote URL nobody answers, so only answers given before any query
// (refusals of the origin check, the validators, require-auth) can be tested this way.
import { randomBytes } from 'node:crypto';
import worker, { type WorkerEnv } from '../worker.ts';

const secrets = {
  WAIVER_SIGNING_KEY: randomBytes(32).toString('base64url'),
  DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
};
const notFound = { fetch: async () => new Response('Not found', { status: 404 }) };

/** The Worker's bindings, with `extra` over the defaults. */
export const workerEnv = (extra: Partial<WorkerEnv>) =>
  ({ DATABASE_URL: 'libsql://league-test.turso.io', ASSETS: notFound, UPLOADS: {}, ...secrets, ...extra }) as WorkerEnv;

/** One request through the Worker's fetch handler. */
export const callWorker = (request: Request, env: WorkerEnv) =>
  (worker.fetch as unknown as (r: Request, e: WorkerEnv, ctx: unknown) => Promise<Response>)(request, env, {});
