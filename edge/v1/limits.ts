/**
 * D43's request limits, counted in memory: a fixed one-minute window per caller (an address, or a key). No database
 * round trip is added to a public read on either host. On Node one process counts every request; on Workers each
 * isolate counts its own share, so the limit there is per isolate (ADR 074 says why that is enough today and what
 * replaces it when it is not).
 */
export interface LimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again (at least 1). */
  resetSeconds: number;
  allowed: boolean;
}

const WINDOW_MS = 60_000;
/** A flood of one-off addresses must not grow the map without bound: past this many callers a window starts afresh. */
const MAX_CALLERS = 50_000;

export class WindowCounter {
  private windowStart = 0;
  private readonly counts = new Map<string, number>();

  /** Counts one request of `caller` against `limit` a minute (a refused request counts too: it was asked). */
  hit(caller: string, limit: number, now: number): LimitState {
    const start = now - (now % WINDOW_MS);
    if (start !== this.windowStart || this.counts.size >= MAX_CALLERS) {
      this.windowStart = start;
      this.counts.clear();
    }
    const used = (this.counts.get(caller) ?? 0) + 1;
    this.counts.set(caller, used);
    return {
      limit,
      remaining: Math.max(0, limit - used),
      resetSeconds: Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)),
      allowed: used <= limit,
    };
  }
}
