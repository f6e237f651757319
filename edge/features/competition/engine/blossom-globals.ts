/**
 * edmonds-blossom 1.0.0, the matcher inside swiss-pairing, assigns three variables it never declares: `b` and `path`
 * in addBlossom, `v` in expandBlossom. Node loads it as sloppy CommonJS, where that silently makes globals; the
 * Workers bundle is an ES module, strict, where the first pairing that forms a blossom throws "ReferenceError: b is
 * not defined" (seen in workerd, ADR 022). Declared on globalThis first, strict code assigns to them as sloppy code
 * does. Each is written before it is read within one synchronous call, so sharing them between calls is harmless,
 * as it already is on Node. blossom-globals.test.ts checks this list against the library's source.
 */
export const BLOSSOM_GLOBALS = ['b', 'path', 'v'] as const;

export function declareBlossomGlobals(): void {
  for (const name of BLOSSOM_GLOBALS) {
    if (!Object.prototype.hasOwnProperty.call(globalThis, name)) {
      Object.defineProperty(globalThis, name, { value: undefined, writable: true, configurable: true });
    }
  }
}
