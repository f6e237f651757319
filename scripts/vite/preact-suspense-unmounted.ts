import type { Plugin } from 'vite';

/**
 * A fix for preact/compat's Suspense (11.2.0, and its main branch as of 2026-11), applied as the build loads it.
 *
 * A Suspense boundary remembers each component that suspended inside it. When its last pending promise settles it
 * gives each of them its DOM parent back and re-renders it, including one that was unmounted meanwhile (unmounting a
 * suspended component settles its own share early; the others' promises are still pending). Such a component has
 * lost its context (`_globalContext`, mangled `__n`, which only unmounting clears), so its first `useContext` throws
 * "Cannot read properties of null". TanStack Router meets it on every client navigation whose data takes longer than
 * its `pendingMs` (1 s): the route's MatchInner suspends on the navigation, is replaced while the skeleton shows, and
 * is revived when the new screen's data arrives (issue 34: e2e/divisions.spec.ts, a division page, a slow tournament).
 * React does not re-render an unmounted component, so this goes with the Preact aliases (ADR 042, ADR 055).
 *
 * The loop is matched in the published, minified file: a Preact release that changes it fails the build here, to be
 * looked at again (the fix may have landed, or the loop moved).
 */
export const SUSPENSE_REVIVE_LOOP = 'for(e.setState({__a:e.__b=null});t=e.i.pop();)t.__P=o,t.forceUpdate()';
const SKIPPING_UNMOUNTED = 'for(e.setState({__a:e.__b=null});t=e.i.pop();)t.__n&&(t.__P=o,t.forceUpdate())';

const compatModule = /[\\/]preact[\\/]compat[\\/]dist[\\/]compat\.mjs$/;

/** compat.mjs with the boundary's loop skipping components that were unmounted while suspended. */
export function skipUnmountedSuspenders(code: string): string | null {
  const at = code.indexOf(SUSPENSE_REVIVE_LOOP);
  if (at < 0 || code.indexOf(SUSPENSE_REVIVE_LOOP, at + 1) >= 0) return null;
  return code.replace(SUSPENSE_REVIVE_LOOP, SKIPPING_UNMOUNTED);
}

export function preactSuspenseUnmounted(): Plugin {
  return {
    name: 'wta:preact-suspense-unmounted',
    enforce: 'pre',
    transform(code, id) {
      if (!compatModule.test(id.split('?')[0]!)) return null;
      const fixed = skipUnmountedSuspenders(code);
      if (fixed === null) {
        this.error(
          `${id}: Suspense's revive loop is not where scripts/vite/preact-suspense-unmounted.ts expects it; check ` +
            'whether this Preact still re-renders a component unmounted while suspended, and update or drop the fix',
        );
      }
      return { code: fixed, map: null };
    },
  };
}
