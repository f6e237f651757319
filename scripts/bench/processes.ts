// Child processes of the benchmarks: started with a known PID, stopped by that PID (and its group), never by name.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

const children = new Set<ChildProcess>();
/** Other things to stop with the children (a `wrangler dev` of scripts/hosts/worker-dev.ts stops its own group). */
const stoppers = new Set<() => Promise<void>>();

/**
 * Starts a process in its own group; output is prefixed and kept for error reports. `ipc` opens a message channel
 * (child.send / process.send), as fork does.
 */
export function start(label: string, command: string, args: string[], options: SpawnOptions = {}, ipc = false) {
  const stdio = ['ignore', 'pipe', 'pipe', ...(ipc ? ['ipc' as const] : [])] as const;
  const child = spawn(command, args, { ...options, detached: true, stdio: [...stdio] });
  children.add(child);
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log.push(`[${label}] ${line}`);
    if (log.length > 200) log.splice(0, log.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', () => children.delete(child));
  return { child, log };
}

/** SIGTERM to the child's process group, then SIGKILL after `graceMs`. */
export async function stop(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // group already gone
    }
  };
  kill('SIGTERM');
  const timer = setTimeout(() => kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Runs `stopIt` with stopAll (also on Ctrl-C) until the returned function removes it. */
export function stopWithAll(stopIt: () => Promise<void>): () => void {
  stoppers.add(stopIt);
  return () => stoppers.delete(stopIt);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...[...children].map((c) => stop(c)), ...[...stoppers].map((s) => s())]);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}

/** Polls `url` until `accept(status)` or the timeout; throws with the process log on failure. */
export async function waitFor(url: string, accept: (status: number) => boolean, timeoutMs: number, log: string[]) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (accept(res.status)) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms (${last})\n${log.slice(-30).join('\n')}`);
}
