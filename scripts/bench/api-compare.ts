// Shared by the API benchmarks that compare the Node host with a bare node:http server (auth-user,
// tournaments-list, tournament-detail): one autocannon measurement and the rows of one comparison.
import autocannon from 'autocannon';
import type { Row } from './types.ts';

export interface Measured {
  rps: number;
  p99: number;
  requests: number;
}

/** The body of a 200 answer; anything else fails the benchmark. */
export async function fetchText(url: string): Promise<string> {
  const res = await fetch(url);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
  return text;
}

/** `warmup` seconds of load, then `duration` measured seconds; any error, timeout or non-2xx fails it. */
export async function measure(
  url: string,
  options: { connections: number; warmup: number; duration: number; headers?: Record<string, string> },
): Promise<Measured> {
  const { connections, warmup, duration, headers } = options;
  await autocannon({ url, connections, duration: warmup, headers });
  const r = await autocannon({ url, connections, duration, headers });
  if (r.errors || r.timeouts || r.non2xx) {
    throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx responses`);
  }
  return { rps: r.requests.average, p99: r.latency.p99, requests: r['2xx'] };
}

/** The five rows of one host-vs-bare comparison: req/s and p99 of each, and the ratio of req/s. */
export function comparisonRows(benchmark: string, hono: Measured, bare: Measured, note = '', digits = 0): Row[] {
  return [
    { benchmark, metric: 'hono req/s', value: hono.rps.toFixed(digits), note: `${hono.requests} requests${note}` },
    { benchmark, metric: 'hono p99', value: `${hono.p99} ms` },
    { benchmark, metric: 'bare req/s', value: bare.rps.toFixed(digits), note: `${bare.requests} requests` },
    { benchmark, metric: 'bare p99', value: `${bare.p99} ms` },
    {
      benchmark,
      metric: 'ratio hono/bare',
      value: (hono.rps / bare.rps).toFixed(2),
      note: 'req/s; 1.00 = no framework cost',
    },
  ];
}
