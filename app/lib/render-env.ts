import { createContext, startTransition, useContext, useEffect, useRef, useState } from 'react';

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
// The page's server env, kept after hydration ends: React hydrates Suspense boundaries after the root commits
// (at offscreen priority), so a boundary can hydrate after `endHydration`; hooks below hand it the server's env.
let hydrationEnv: RenderEnv | null = null;
let serverSource: (() => RenderEnv | undefined) | null = null;

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
  hydrationEnv = env;
}

/** True while the browser hydrates a server-rendered page's first pass (between the two calls around here). */
export function isHydratingPage(): boolean {
  return current !== null && serverSource === null;
}

/**
 * Called once the hydrated page is on screen: from now on dates are written in the local zone. The components that
 * wrote times re-render when the app flips HydrationContext (main.tsx).
 */
export function endHydration(): void {
  current = null;
}

/**
 * The current time for a render, refreshed every `intervalMs` until `until` passes: the server's render time while
 * (re)producing server HTML, then the clock (at once when hydration ends; a component the browser mounts itself
 * starts from the clock and waits for its first interval).
 */
export function useRenderNow(intervalMs: number, until: number | null = null): Date {
  const env = useRenderEnv();
  const [now, setNow] = useState(() => (env ? new Date(env.now) : new Date()));
  const fromServer = useRef(env !== null);
  const live = env === null;
  useEffect(() => {
    if (!live) return;
    const tick = () => {
      const at = new Date();
      // A transition: a tick re-renders every date and countdown below it (the first, right after hydration, a page
      // of cards), and must never hold the main thread when the user taps (issue 12, TBT and INP).
      startTransition(() => setNow(at));
      return until === null || at.getTime() < until;
    };
    if (fromServer.current) {
      fromServer.current = false;
      if (!tick()) return;
    } else if (until !== null && Date.now() >= until) return;
    const id = window.setInterval(() => {
      if (!tick()) window.clearInterval(id);
    }, intervalMs);
    return () => window.clearInterval(id);
  }, [live, intervalMs, until]);
  return now;
}

/** The zone dates are written in: the server render's, or undefined for the browser's own. */
export function displayTimeZone(): string | undefined {
  return active()?.timeZone;
}

/**
 * Whether the page this render belongs to has hydrated: false while the server renders and while React hydrates a
 * server-rendered page, true once the app has flipped it (main.tsx), and true in an app the browser renders alone
 * (no provider). The flip is a React state change made in a transition, so the components that switch to local
 * times re-render in slices the browser can interrupt (issue 12: as a `useSyncExternalStore` snapshot it forced one
 * synchronous re-render of the whole page, a ~400 ms task at 4x CPU on /tournaments). React hydrates a boundary
 * that is still waiting before it passes the new value into it, so a late part still reproduces the server's HTML.
 */
export const HydrationContext = createContext<boolean | null>(null);

/**
 * The zone a server-rendered page writes its dates in: the server's while it hydrates, then the browser's, set by the
 * app (main.tsx). A context of its own, apart from HydrationContext, so that when the two are the same (the `wta_tz`
 * cookie told the server) the hand-over changes nothing and no date on the page renders again (issue 12: on
 * /tournaments that was a re-render of every card right after hydration). Null without a provider; BROWSER_ZONE for
 * the browser's own zone when it has not reported it yet.
 */
export const DisplayZoneContext = createContext<string | null>(null);
export const BROWSER_ZONE = 'browser';

/**
 * The zone to write dates in: the provider's on a server-rendered page (above), the server render's on the server,
 * else undefined (the browser's own, in an app the browser renders alone).
 */
export function useDisplayZone(): string | undefined {
  const zone = useContext(DisplayZoneContext);
  if (zone === null) return serverSource?.()?.timeZone;
  return zone === BROWSER_ZONE ? undefined : zone;
}

let cookieZone: string | null | undefined;

/**
 * The zone the `wta_tz` cookie named when this page loaded: the browser's own as of the app's last check (main.tsx),
 * read without Intl, whose first formatter costs tens of milliseconds on a phone. Null on the server and before the
 * first check. Read once and kept for the page's life: dates take this zone for the browser's own (dates.ts), so the
 * answer must not change under a page that has rendered with it (a later check that finds another zone only writes
 * the cookie for the next page; until then the page's dates stay in the browser's real zone throughout).
 */
export function assumedLocalZone(): string | null {
  if (typeof document === 'undefined') return null;
  if (cookieZone === undefined) cookieZone = validCookieZone(/(?:^|;\s*)wta_tz=([^;]*)/.exec(document.cookie)?.[1]);
  return cookieZone;
}

/** A cookie value that names a zone, or null: anything else (a broken escape, another site's value) is ignored. */
function validCookieZone(raw: string | undefined): string | null {
  let value: string;
  try {
    value = raw ? decodeURIComponent(raw) : '';
  } catch {
    return null;
  }
  return isZoneName(value) ? value : null;
}

/** Shaped like an IANA zone name (the cookie and the worker's answer are not trusted further than this). */
function isZoneName(value: string): boolean {
  return value.length > 0 && value.length <= 64 && /^[A-Za-z0-9_+\-/]+$/.test(value);
}

/**
 * Records the browser's zone for the server's next render of a page (the `wta_tz` cookie), when it changed. Nothing
 * on the page waits for it (dates in the browser's own zone use Date's getters), so the zone is asked of Intl in a
 * worker: a page's first Intl.DateTimeFormat loads ICU's locale and zone data, a 60-80 ms task at 4x CPU that
 * Lighthouse counted as blocking (issue 12, TBT). Where no worker starts (a server, a test, a worker refused), here.
 */
export function rememberTimeZone(): void {
  let worker: Worker;
  try {
    if (typeof Worker !== 'function') throw new Error('no workers');
    worker = new Worker(new URL('./zone.worker.ts', import.meta.url));
  } catch {
    writeZoneCookie(localTimeZone());
    return;
  }
  worker.onmessage = (event: MessageEvent<unknown>) => {
    worker.terminate();
    if (typeof event.data === 'string' && isZoneName(event.data)) writeZoneCookie(event.data);
  };
  worker.onerror = () => {
    worker.terminate();
    writeZoneCookie(localTimeZone());
  };
}

function writeZoneCookie(zone: string): void {
  if (zone === assumedLocalZone()) return;
  document.cookie = `wta_tz=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * The env a render must reproduce: the server's while the server renders or React hydrates this part of a
 * server-rendered page, else null (the browser's own clock and zone): a component using this never mismatches the
 * server's HTML and switches to local times by itself (no remount).
 */
export function useRenderEnv(): RenderEnv | null {
  return useHydrated() ? null : serverSource?.() ?? hydrationEnv;
}

/**
 * True once this component runs in the browser outside the hydration of a server-rendered page (ADR 027): false
 * while the server renders or React hydrates this part, so a decision made with this never differs from the
 * server's HTML.
 */
export function useHydrated(): boolean {
  const flipped = useContext(HydrationContext);
  return flipped ?? serverSource === null;
}

/** The browser's zone, for the `wta_tz` cookie the server renders dates with. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A valid IANA zone name, else null (a cookie is client input). */
export function validTimeZone(value: string | undefined): string | null {
  if (!value || !isZoneName(value)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return null;
  }
}
