/**
 * Resolves in a new task, so that work after it does not lengthen the current one: the browser can paint and handle
 * a tap in between (issue 12, TBT). `scheduler.yield()` where the browser has it (its continuation keeps its place
 * ahead of other queued work), else a message to ourselves (a timeout would be clamped to 4 ms when nested).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Runs `work` when the browser is idle (within 10 s), for bookkeeping no one waits for. */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout: 10_000 });
  else setTimeout(work, 2000);
}
