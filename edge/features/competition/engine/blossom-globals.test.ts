// swiss-pairing's matcher (edmonds-blossom) run as the Workers bundle runs it: in strict mode.
import { Linter } from 'eslint';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BLOSSOM_GLOBALS, declareBlossomGlobals } from './blossom-globals.ts';

type Blossom = (edges: [number, number, number][], maxCardinality?: boolean) => number[];

const require = createRequire(import.meta.url);
const source = readFileSync(require.resolve('edmonds-blossom'), 'utf8');

/** The library evaluated as strict code, like the CommonJS wrapped into the Worker's ES module. */
function strictBlossom(): Blossom {
  const module = { exports: {} as unknown };
  new Function('module', 'exports', 'require', `'use strict';\n${source}`)(module, module.exports, require);
  return module.exports as Blossom;
}

/** Complete graphs with pseudo-random weights, as swiss-pairing builds them (negative costs, max cardinality). */
function graphs(): [number, number, number][][] {
  let state = 7;
  const next = () => (state = (state * 48271) % 2147483647);
  const out: [number, number, number][][] = [];
  for (let trial = 0; trial < 150; trial++) {
    const n = 4 + (trial % 13);
    const edges: [number, number, number][] = [];
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) edges.push([i, j, -(next() % 40)]);
    out.push(edges);
  }
  return out;
}

const forget = () => {
  for (const name of BLOSSOM_GLOBALS) delete (globalThis as Record<string, unknown>)[name];
};

describe('edmonds-blossom in strict mode', () => {
  it('assigns exactly the variables declareBlossomGlobals declares, and no others', () => {
    const messages = new Linter({ configType: 'flat' }).verify(source, {
      languageOptions: { sourceType: 'commonjs', ecmaVersion: 2020 },
      rules: { 'no-undef': 'error' },
    });
    const undeclared = new Set(messages.map((m) => /'(\w+)' is not defined/.exec(m.message)?.[1]));
    expect([...undeclared].sort()).toEqual([...BLOSSOM_GLOBALS].sort());
  });

  it('throws without them, as it did in workerd', () => {
    forget();
    const blossom = strictBlossom();
    expect(() => graphs().forEach((edges) => blossom(edges, true))).toThrow(ReferenceError);
  });

  it('matches as the sloppy CommonJS build on Node does once they are declared', () => {
    forget();
    declareBlossomGlobals();
    const strict = strictBlossom();
    const sloppy = require('edmonds-blossom') as Blossom;
    for (const edges of graphs()) expect(strict(edges, true)).toEqual(sloppy(edges, true));
  });
});
