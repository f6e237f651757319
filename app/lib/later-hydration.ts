import { isHydratingPage } from './render-env.ts';

/** A part of a server-rendered page that hydrates after the rest (ui/hydrate-later.tsx). */
export interface LaterPart {
  ready: boolean;
  /** Settles when the part's turn comes. */
  promise: Promise<void>;
}

// The parts' turns, in the order they were met (document order), one task each: a message to ourselves starts the
// next task at once, without the 4 ms clamp of chained timeouts, and the browser handles input between them.
const turns: Array<() => void> = [];
let draining = false;
let done: { promise: Promise<void>; resolve: () => void } | null = null;
// Only in a browser: on the server nothing hydrates, and a listening port would keep a Node process from exiting.
const channel = typeof MessageChannel === 'function' && typeof document !== 'undefined' ? new MessageChannel() : null;

function post(): void {
  if (channel) channel.port2.postMessage(null);
  else setTimeout(takeTurn, 0);
}

function takeTurn(): void {
  const turn = turns.shift();
  if (turn) {
    turn();
    post();
    return;
  }
  // A task after the last part's: it has hydrated (its re-render ran in the task it was released in) before the page
  // is told that every part has.
  draining = false;
  firstRenderDeferred = false;
  done?.resolve();
  done = null;
}
if (channel) channel.port1.onmessage = takeTurn;

let firstRenderDeferred = false;
/** Longest the shell's first render defers its parts (a first page without any: the next page's must not wait). */
const FIRST_RENDER_DEFER_MS = 5000;

/**
 * The shell's first render (the browser renders the app alone: every load the service worker answers, an offline
 * launch among them) defers the parts that allow it (`laterPart(true)`) as hydration does, until they have all drawn:
 * the first card of a list paints before the rest are rendered, instead of after all of them (issue 12: an offline
 * launch rendered 18 cards in one ~40 ms task at full speed before its first paint). A part rendered by the browser
 * has no server HTML to show meanwhile, so only parts below what is on screen may wait: the page above them never
 * moves. main.tsx does not ask this of a load that restores a scroll position (a reload, back or forward).
 */
export function deferFirstRender(): void {
  firstRenderDeferred = true;
  setTimeout(() => {
    if (!draining) firstRenderDeferred = false;
  }, FIRST_RENDER_DEFER_MS);
}

/**
 * A new part's turn while a server-rendered page hydrates, or while the shell renders its first page when the part
 * says it may wait there too (`inShell`: a part nothing visible sits below, such as a list's later cards), called as
 * it renders, in document order; null otherwise: the part then renders at once.
 */
export function laterPart(inShell = false): LaterPart | null {
  if (!isHydratingPage() && !(inShell && firstRenderDeferred)) return null;
  let release = () => {};
  const part: LaterPart = { ready: false, promise: new Promise<void>((resolve) => (release = resolve)) };
  turns.push(() => {
    part.ready = true;
    release();
  });
  // The first turn comes in the task after this one: after the whole first pass of hydration.
  if (!draining) {
    draining = true;
    post();
  }
  return part;
}

/** Settles once every later part has hydrated (at once when there are none). */
export function laterPartsHydrated(): Promise<void> {
  if (!draining) return Promise.resolve();
  if (!done) {
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    done = { promise, resolve };
  }
  return done.promise;
}
