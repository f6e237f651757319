// Build-time class names for Panda's `css({...})` (ADR 038). Panda extracts the CSS at build time, but every
// `css()` call still runs in the browser to compute its class names: ~1,200 calls in the app, a JSON.stringify and
// an object walk each, many of them at module evaluation and in every render. Profiles of the first load put that
// runtime at a third of the main thread's script time before the page responds (issue 12, ADR 027). This plugin
// replaces each call whose arguments are literal style objects with the class string the same Panda runtime returns
// for them, so the browser gets the answer the runtime would have computed, and nothing else changes: a call with
// anything computed in it (a variable, a spread, a condition) is left as it is and runs in the browser as before.
// The CSS itself is still extracted from the sources by Panda's PostCSS plugin, which never sees this output.
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** A node of the ESTree the bundler's parser returns (only what this plugin reads). */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

type CssFn = (...styles: unknown[]) => string;

const NOT_STATIC = Symbol('not static');

/** The value of a literal expression (objects, arrays, strings, numbers, booleans, null), or NOT_STATIC. */
export function staticValue(node: Node): unknown {
  switch (node.type) {
    case 'Literal': {
      const value = node.value as unknown;
      // A RegExp or BigInt literal is not a style value.
      return value === null || ['string', 'number', 'boolean'].includes(typeof value) ? value : NOT_STATIC;
    }
    case 'TemplateLiteral': {
      const quasis = node.quasis as { value: { cooked: string | null } }[];
      return (node.expressions as Node[]).length === 0 && quasis[0]?.value.cooked != null
        ? quasis[0].value.cooked
        : NOT_STATIC;
    }
    case 'UnaryExpression': {
      const argument = staticValue(node.argument as Node);
      return node.operator === '-' && typeof argument === 'number' ? -argument : NOT_STATIC;
    }
    case 'ArrayExpression': {
      const out: unknown[] = [];
      for (const element of node.elements as (Node | null)[]) {
        if (element === null || element.type === 'SpreadElement') return NOT_STATIC;
        const value = staticValue(element);
        if (value === NOT_STATIC) return NOT_STATIC;
        out.push(value);
      }
      return out;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const property of node.properties as Node[]) {
        if (property.type !== 'Property' || property.kind !== 'init' || property.method) return NOT_STATIC;
        const key = property.key as Node;
        let name: unknown;
        if (!property.computed && key.type === 'Identifier') name = key.name;
        else if (key.type === 'Literal' && typeof key.value === 'string') name = key.value;
        else return NOT_STATIC;
        // A key Panda's runtime would not see as written (prototype keys) is left to the runtime.
        if (name === '__proto__' || name === 'constructor' || name === 'prototype') return NOT_STATIC;
        const value = staticValue(property.value as Node);
        if (value === NOT_STATIC) return NOT_STATIC;
        out[name as string] = value;
      }
      return out;
    }
    default:
      return NOT_STATIC;
  }
}

/** Calls `visit` on `node` and every node below it (a small ESTree walk: the plugin needs no scope analysis). */
function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (node === null || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  visit(node as Node);
  for (const key of Object.keys(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    const child = (node as Record<string, unknown>)[key];
    if (child !== null && typeof child === 'object') walk(child, visit);
  }
}

/** The module Panda generates `css` into, as the app imports it (`../../styled-system/css`). */
const CSS_MODULE = /(^|\/)styled-system\/css(\/index\.mjs|\/css\.mjs)?$/;

/**
 * Rewrites the static `css(...)` calls of one module (already plain JavaScript). Returns null when there is nothing to
 * rewrite. `parse` is the bundler's parser; `css` is Panda's generated runtime.
 */
export function rewriteStaticCss(
  code: string,
  parse: (code: string) => unknown,
  css: CssFn,
): { code: string; map: ReturnType<MagicString['generateMap']>; replaced: number } | null {
  if (!code.includes('styled-system/css')) return null;
  const program = parse(code) as Node;
  // Local names bound to Panda's css by `import { css } from '.../styled-system/css'`.
  const locals = new Set<string>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration' || !CSS_MODULE.test((statement.source as Node).value as string))
      continue;
    for (const specifier of statement.specifiers as Node[]) {
      const imported = specifier.imported as Node | undefined;
      if (specifier.type === 'ImportSpecifier' && (imported?.name ?? imported?.value) === 'css')
        locals.add((specifier.local as Node).name as string);
    }
  }
  if (locals.size === 0) return null;
  // A local shadowed somewhere in the module (a parameter or variable named like the import) would make a call
  // ambiguous without scope analysis: leave such a module to the runtime.
  let shadowed = false;
  walk(program, (node) => {
    const bindings = [
      node.type === 'CatchClause' ? node.param : node.id,
      ...(Array.isArray(node.params) ? node.params : []),
    ];
    walk(bindings, (binding) => {
      if (binding.type === 'Identifier' && locals.has(binding.name as string)) shadowed = true;
    });
  });
  if (shadowed) return null;

  const out = new MagicString(code);
  let replaced = 0;
  walk(program, (node) => {
    if (node.type !== 'CallExpression' || node.optional) return;
    const callee = node.callee as Node;
    if (callee.type !== 'Identifier' || !locals.has(callee.name as string)) return;
    const args = (node.arguments as Node[]).map(staticValue);
    if (args.length === 0 || args.includes(NOT_STATIC)) return;
    out.overwrite(node.start, node.end, JSON.stringify(css(...args)));
    replaced += 1;
  });
  if (replaced === 0) return null;
  return { code: out.toString(), map: out.generateMap({ hires: 'boundary' }), replaced };
}

/** The Vite plugin: runs after TypeScript and JSX are compiled (a normal-order plugin), on the app's own modules. */
export function pandaStaticCss(options: { cssModule: string }): Plugin {
  let css: CssFn | undefined;
  return {
    name: 'wta:panda-static-css',
    apply: 'build',
    async buildStart() {
      // Panda's generated runtime, the very function the browser would call (`npm run build` runs codegen first).
      css = ((await import(options.cssModule)) as { css: CssFn }).css;
    },
    transform(code, id) {
      if (!css || id.includes('/node_modules/') || id.includes('/styled-system/') || !/\/app\//.test(id)) return null;
      if (!/\.[cm]?[jt]sx?($|\?)/.test(id)) return null;
      const result = rewriteStaticCss(code, (source) => this.parse(source), css);
      return result && { code: result.code, map: result.map };
    },
  };
}
