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
  done?.resolve();
  done = null;
}
if (channel) channel.port1.onmessage = takeTurn;

/**
 * A new part's turn while a server-rendered page hydrates (called as it renders, in document order), or null when
 * nothing is hydrating: the part then renders at once.
 */
export function laterPart(): LaterPart | null {
  if (!isHydratingPage()) return null;
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
