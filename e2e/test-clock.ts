import type { BrowserContext } from '@playwright/test';

// The e2e host's test clock (scripts/e2e-host.ts): the server's time is the machine's plus an offset that a spec
// moves forward. Only the tournament-day project uses it, and it runs after every other spec (playwright.config.ts),
// so no other spec sees the server's time jump. A browser context follows it with Playwright's own clock.

const CLOCK_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4310) + 500}`;

interface ClockAnswer {
  now: string;
  offsetMs: number;
  failed?: string[];
}

async function call(path: string, method: 'GET' | 'POST'): Promise<ClockAnswer> {
  const res = await fetch(`${CLOCK_URL}${path}`, { method });
  const body = (await res.json()) as ClockAnswer & { message?: string };
  if (!res.ok) throw new Error(`test clock ${path}: ${res.status} ${body.message ?? ''}`);
  return body;
}

/** The server's time now. */
export async function serverNow(): Promise<Date> {
  return new Date((await call('/now', 'GET')).now);
}

/**
 * Moves the server's clock forward by `ms` and runs the tournament clock at the new time (as its minute timer would),
 * then moves every given browser context's clock forward too, so screens that compare times agree with the server.
 */
export async function advanceClock(ms: number, contexts: BrowserContext[] = []): Promise<Date> {
  const answer = await call(`/advance?ms=${ms}`, 'POST');
  if (answer.failed && answer.failed.length > 0) throw new Error(`the clock failed: ${answer.failed.join(', ')}`);
  for (const context of contexts) await context.clock.fastForward(ms);
  return new Date(answer.now);
}

/** Gives a browser context the server's time (flowing at the normal speed), before its first page loads. */
export async function followServerClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: await serverNow() });
}
