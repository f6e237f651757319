// The Node host as `npm start` runs it (edge/node.ts under tsx, in a process of its own), against the database at
// DATABASE_URL - a libSQL server over HTTP (`http://...`, the Hrana test server of ADR 057 or a real Turso) or a file.
// Test and bench tooling, never the app; the Worker's counterpart is worker-dev.ts.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, keepOutput, type WorkerDev, type WorkerDevOptions } from './worker-dev.ts';

/**
 * As the Worker's (worker-dev.ts): `stateDir` holds the uploads (UPLOADS_DIR); into an empty database the host seeds the
 * demo league (D18), so write a member first to skip it; the start timeout defaults to 60 s.
 */
export type NodeDevOptions = WorkerDevOptions;

/** `url` is the host's PUBLIC_URL too; `output()` its log lines so far. */
export type NodeDev = Omit<WorkerDev, 'scheduled' | 'pid'>;

/** Starts the Node host in a child process and resolves once it listens. */
export async function startNodeDev(options: NodeDevOptions): Promise<NodeDev> {
  const port = options.port || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const uploads = join(options.stateDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  const child = fork(join(import.meta.dirname, 'node-host.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NODE_DEV_LOG: options.verbose ? '1' : '0',
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: options.databaseUrl,
      ...(options.databaseAuthToken ? { DATABASE_AUTH_TOKEN: options.databaseAuthToken } : {}),
      UPLOADS_DIR: uploads,
      WAIVER_SIGNING_KEY: randomBytes(32).toString('base64url'),
      DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
      ...options.vars,
    },
  });
  const output = keepOutput(child, options.verbose);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(kill);
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the Node host did not listen in time')), options.startTimeoutMs ?? 60_000);
      child.once('message', () => {
        clearTimeout(timer);
        resolve();
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`the Node host exited (${child.exitCode ?? child.signalCode}) before it listened`));
      });
    });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output().slice(-4000)}`, { cause: error });
  }
  // The IPC channel was only for the start: the host stops on SIGTERM, or on its own when this process goes away.
  return { url, output, stop };
}
