// The processes of the edge benchmark besides the Worker (scripts/hosts/worker-dev.ts): a Hrana test server per host
// (edge-hrana.ts) and the Node host (edge/node.ts) over HTTP to its own one, each a child process of its own.
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { HranaAsk, HranaCommand, HranaReply } from './edge-hrana.ts';
import { freePort, hostEnv } from './host.ts';
import { start, stop, waitFor } from './processes.ts';

const root = resolve(import.meta.dirname, '../..');

export interface HranaChild {
  /** `http://127.0.0.1:<port>`, a DATABASE_URL. */
  url: string;
  /** The server's counters: `pipelines` is HTTP round trips. */
  stats(): Promise<{ pipelines: number; requests: number }>;
  /** Each later round trip waits `ms` before it is handled. */
  setLatency(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** The Hrana test server on `file` in a child process; resolves once it listens. */
export async function startHranaChild(label: string, file: string): Promise<HranaChild> {
  const proc = start(label, process.execPath, [join(root, 'scripts/bench/edge-hrana.ts'), file], { cwd: root }, true);
  const waiting = new Map<number, (stats: { pipelines: number; requests: number }) => void>();
  let lastId = 0;
  const url = await new Promise<string>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`${label} did not start\n${proc.log.join('\n')}`)), 30_000);
    proc.child.on('message', (reply: HranaReply) => {
      if ('url' in reply) {
        clearTimeout(timer);
        ready(reply.url);
      } else {
        waiting.get(reply.id)?.(reply.stats);
        waiting.delete(reply.id);
      }
    });
    proc.child.once('exit', (code) => fail(new Error(`${label} exited (${code})\n${proc.log.join('\n')}`)));
  });
  const ask = (command: HranaAsk) =>
    new Promise<{ pipelines: number; requests: number }>((answer) => {
      lastId += 1;
      waiting.set(lastId, answer);
      proc.child.send({ ...command, id: lastId } as HranaCommand);
    });
  return {
    url,
    stats: () => ask({ type: 'stats' }),
    setLatency: async (ms) => {
      await ask({ type: 'latency', ms });
    },
    close: () => stop(proc.child),
  };
}

export interface NodeChild {
  origin: string;
  close(): Promise<void>;
}

/**
 * The Node host as `npm start` runs it (edge/node.ts, production mode) on 127.0.0.1, its database the Hrana server at
 * `databaseUrl` (as it would use Turso); its uploads in `dir`. The league exists already, so it seeds nothing.
 */
export async function startNodeChild(dir: string, databaseUrl: string): Promise<NodeChild> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    ...hostEnv(dir, port, origin),
    DATABASE_URL: databaseUrl,
    // Set, so that the host writes no key files into data/ (its data folder when the database is not a file).
    WAIVER_SIGNING_KEY: randomBytes(32).toString('base64url'),
    DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
  };
  const proc = start('node-host', process.execPath, ['--import', 'tsx', join(root, 'edge/node.ts')], {
    cwd: root,
    env,
  });
  try {
    await waitFor(`${origin}/api/health`, (s) => s === 200, 180_000, proc.log);
  } catch (error) {
    await stop(proc.child);
    throw error;
  }
  return { origin, close: () => stop(proc.child) };
}
