// HTTP for the sign-in benchmarks: a JSON POST over a fresh socket from a chosen loopback address (the host's
// limits read the socket's address; Linux routes all of 127.0.0.0/8 to the loopback), and a pool that keeps a
// fixed number of requests in flight. Only localhost is contacted.
import { request } from 'node:http';

/** A request without an answer after this long is given up. */
export const TIMEOUT_MS = 120_000;

export interface Answer {
  status: number;
  ms: number;
  /** The answer's Set-Cookie lines. */
  setCookies: string[];
}

/** A JSON POST over a fresh socket bound to `localAddress`, so the host sees that address. */
export function post(
  port: number,
  path: string,
  body: unknown,
  origin: string,
  { localAddress = '127.0.0.1', cookie }: { localAddress?: string; cookie?: string } = {},
) {
  return new Promise<Answer>((done, fail) => {
    const payload = JSON.stringify(body);
    const started = performance.now();
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      origin,
    };
    if (cookie) headers.cookie = cookie;
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', localAddress, agent: false, headers },
      (res) => {
        res.resume();
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, ms: performance.now() - started, setCookies: res.headers['set-cookie'] ?? [] }),
        );
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`${path} took over ${TIMEOUT_MS / 1000} s`)));
    req.on('error', fail);
    req.end(payload);
  });
}

/** The same POST, with a request that got no answer in time counted as status 0 instead of ending the run. */
export function postOrTimeout(...args: Parameters<typeof post>): Promise<Answer> {
  return post(...args).catch((): Answer => ({ status: 0, ms: TIMEOUT_MS, setCookies: [] }));
}

/** Runs `count` jobs with at most `concurrency` in flight (the next starts when one is answered). */
export async function pool<T>(count: number, concurrency: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      results[i] = await job(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** Answers counted by status, as '100x401 10x429'. */
export function byStatus(answers: readonly { status: number }[]): string {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${n}x${s}`)
    .join(' ');
}
