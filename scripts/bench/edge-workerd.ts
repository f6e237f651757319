// `wrangler dev` answers on a proxy of its own: a Durable Object in a first workerd takes every request and fetches it
// from the Worker's own workerd (wrangler's ProxyWorker, for its live reload and inspector). No such hop exists in
// production, and on two busy cores it costs more than the Worker itself (a hello-world Worker: ~46 req/s through it,
// ~240 req/s at its own socket). So the edge benchmark also measures the Worker at that socket. wrangler does not
// print its address: it is found from /proc (Linux), among the sockets the Worker's workerd listens on, as the one
// that answers the league's GET /api/health.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};
const args = (pid: string) => read(`/proc/${pid}/cmdline`).split('\0');
const parent = (pid: string) => read(`/proc/${pid}/stat`).split(') ')[1]?.split(' ')[1];

/** The TCP ports in LISTEN state of the sockets process `pid` holds. */
function listening(pid: string): number[] {
  const inodes = new Set<string>();
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  for (const fd of fds) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const line of read('/proc/net/tcp').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f[3] === '0A' && inodes.has(f[9]!)) ports.push(parseInt(f[1]!.split(':')[1]!, 16));
  }
  return ports;
}

/**
 * The origin of the Worker's own workerd behind the `wrangler dev` listening on `proxyPort`, or undefined when it
 * cannot be found (not Linux, or wrangler changed how it runs).
 */
export async function workerdBehind(proxyPort: number): Promise<string | undefined> {
  const pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  const wrangler = new Set(
    pids.filter((p) => args(p).some((a) => a.endsWith('cli.js')) && args(p).includes(String(proxyPort))),
  );
  const workerds = pids.filter((p) => wrangler.has(parent(p) ?? '') && args(p)[0]?.endsWith('workerd'));
  for (const port of workerds.flatMap(listening)) {
    if (port === proxyPort) continue;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) });
      const body = await res.text();
      if (res.status === 200 && body.includes('"ok":true')) return `http://127.0.0.1:${port}`;
    } catch {
      // not an HTTP socket
    }
  }
  return undefined;
}
