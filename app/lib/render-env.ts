/**
 * What a server render and the browser's first (hydrating) render must agree on (ADR 027): the time the page was
 * rendered at and the time zone its dates were written in. Outside those two moments the browser's own clock and
 * zone apply. On the server each request's render runs in its own async context (entry-server.tsx), so concurrent
 * renders never see each other's.
 */
export interface RenderEnv {
  /** Epoch ms the server rendered at. */
  now: number;
  /** IANA zone the server wrote dates in (the browser's, from its `wta_tz` cookie, else UTC). */
  timeZone: string;
}

let current: RenderEnv | null = null;
let serverSource: (() => RenderEnv | undefined) | null = null;
const listeners = new Set<() => void>();

/** The server: where the current request's render env is found (its async context). */
export function setServerRenderEnv(source: () => RenderEnv | undefined): void {
  serverSource = source;
}

function active(): RenderEnv | null {
  return current ?? serverSource?.() ?? null;
}

/** The browser: the first render reproduces the server's page; `endHydration` hands over to the local clock. */
export function beginHydration(env: RenderEnv): void {
  current = env;
}

/** Called once the hydrated page is on screen: components that wrote times re-render in the local zone. */
export function endHydration(): void {
  if (!current) return;
  current = null;
  for (const listener of listeners) listener();
}

/** True while the server renders or the browser hydrates a server-rendered page. */
export function isServerRender(): boolean {
  return active() !== null;
}

/** "Now" for a first render: the server's render time while (re)producing server HTML, else the clock. */
export function renderNow(): Date {
  const env = active();
  return env ? new Date(env.now) : new Date();
}

/** The zone dates are written in: the server render's, or undefined for the browser's own. */
export function displayTimeZone(): string | undefined {
  return active()?.timeZone;
}

/** Subscribes to the end of hydration (for useSyncExternalStore). */
export function onHydrationEnd(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The browser's zone, for the `wta_tz` cookie the server renders dates with. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * True when two zones write the same local times (aliases such as UTC and Etc/UTC, or zones that keep the same
 * offsets): compared on a winter and a summer instant, so daylight saving counts.
 */
export function sameLocalTimes(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    const write = (zone: string) =>
      [Date.UTC(2026, 0, 15, 12), Date.UTC(2026, 6, 15, 12)]
        .map((at) =>
          new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(at),
        )
        .join('|');
    return write(a) === write(b);
  } catch {
    return false;
  }
}

/** A valid IANA zone name, else null (a cookie is client input). */
export function validTimeZone(value: string | undefined): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return null;
  }
}
