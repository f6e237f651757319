import { readFileSync } from 'node:fs';
import postcss, { type Root } from 'postcss';
import type { Plugin } from 'vite';
import { isPublicRoute, routePathOf } from '../bench/first-load.ts';
import { namedInSources, pruneRoot } from '../postcss/prune-unused-variables.ts';

/**
 * The public pages' stylesheet (issue 12, ADR 049). Panda writes one stylesheet for the whole app (the shell links
 * it); a page the server renders (the landing, the lists, a tournament, a profile) needs only the rules of the code it
 * loads at once, ~70% of it compressed. So the build writes a second file, the rules whose classes the public pages'
 * first-load code names, in the same order, and the renderer links that one instead (PUBLIC_STYLESHEET_FILE below).
 *
 * Any other code that names a class the public file lacks (a signed-in screen, a dialog, a form) depends on the whole
 * stylesheet as a chunk depends on its CSS in Vite: the loader links it and waits for it before the code runs, so a
 * screen is never drawn unstyled. Loaded after the public file, the whole one holds every rule in its own order, so
 * the cascade is the one Panda wrote (a subset loaded after it would move rules after ones they came before).
 */

/** What the renderer reads: the shell's stylesheet and the public pages' one, both as paths from the site's root. */
export interface PublicStylesheet {
  shell: string;
  page: string;
}

/** Where the client build writes it (under dist/, outside what is served or precached). */
export const PUBLIC_STYLESHEET_FILE = '.vite/public-stylesheet.json';

/** Class names in a selector, unescaped: `.md\:p_4:hover > .x` -> ['md:p_4', 'x']. */
export function classesOf(selector: string): string[] {
  return [...selector.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F]|[\w-])+)/g)].map((m) =>
    m[1]!.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, ch: string | undefined) =>
      hex ? String.fromCodePoint(parseInt(hex, 16)) : ch!,
    ),
  );
}

/** The class-name stems of a generated Panda recipe module: `badge`, or a slot recipe's `alert` (from `alert__root`). */
export function recipeNamesOf(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/createRecipe\('([^']+)'/g)) names.add(m[1]!);
  for (const m of source.matchAll(/"(\w+)__\w+"/g)) names.add(m[1]!);
  return [...names];
}

/** The recipe a class is one of: the name itself, a slot (`name__slot`) or a variant (`name--v_x`). */
function recipeOf(className: string, recipes: readonly string[]): string | undefined {
  return recipes.find((r) => className === r || className.startsWith(`${r}__`) || className.startsWith(`${r}--`));
}

/**
 * Whether `code` names a class, as it is or inside a JS string that escapes its quotes (`after:content_""` is written
 * `"after:content_\"\""` before minification).
 */
export function names(code: string, className: string): boolean {
  return (
    code.includes(className) ||
    code.includes(JSON.stringify(className).slice(1, -1)) ||
    code.includes(className.replace(/[\\']/g, '\\$&'))
  );
}

/** Splits at the commas outside parentheses and brackets. */
function topLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '\\') i++;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/**
 * Whether a selector can match what some code renders: every class outside a pseudo-class's parentheses is one the
 * code uses; of an `:is()`/`:where()`/`:has()` list (Lightning CSS merges rules into `:is(.a:x, .b:x)`), one
 * alternative is; what `:not()` names does not matter (an unused class never stops it from matching).
 */
function selectorMatches(selector: string, uses: (className: string) => boolean): boolean {
  const group = /:(is|where|has|not|matches)\(/g;
  let rest = '';
  let at = 0;
  for (let m = group.exec(selector); m; m = group.exec(selector)) {
    if (m.index < at) continue;
    // The matching parenthesis.
    let depth = 1;
    let end = m.index + m[0].length;
    for (; end < selector.length && depth > 0; end++) {
      if (selector[end] === '\\') end++;
      else if (selector[end] === '(') depth++;
      else if (selector[end] === ')') depth--;
    }
    const inner = selector.slice(m.index + m[0].length, end - 1);
    if (m[1] !== 'not' && !topLevel(inner).some((alternative) => selectorMatches(alternative, uses))) return false;
    rest += selector.slice(at, m.index);
    at = end;
    group.lastIndex = end;
  }
  rest += selector.slice(at);
  return classesOf(rest).every(uses);
}

/**
 * Whether a class is one some code uses: a utility's class is named in the code (its class string), a recipe's
 * belongs to a recipe the code includes (a recipe's class names are put together when it runs). Remembered per class:
 * a stylesheet names most classes in several rules.
 */
export function classUse(code: string, recipes: ReadonlySet<string>, allRecipes: readonly string[]) {
  const known = new Map<string, boolean>();
  return (name: string): boolean => {
    let use = known.get(name);
    if (use === undefined) {
      const recipe = recipeOf(name, allRecipes);
      use = recipe ? recipes.has(recipe) : names(code, name);
      known.set(name, use);
    }
    return use;
  };
}

/** Which selectors the code behind `uses` can match. */
export function selectorUsedBy(uses: (className: string) => boolean) {
  return (selector: string) => selectorMatches(selector, uses);
}

/** Every cascade layer of a stylesheet, nested ones by their dotted names, in the order they first appear. */
export function layerOrder(root: Root): string[] {
  const names: string[] = [];
  root.walkAtRules('layer', (atRule) => {
    let prefix = '';
    for (let parent = atRule.parent; parent && parent.type === 'atrule'; parent = parent.parent) {
      if ((parent as { name: string }).name === 'layer') prefix = `${(parent as { params: string }).params}.${prefix}`;
    }
    for (const name of atRule.params.split(',').map((part) => part.trim()).filter(Boolean)) {
      if (!names.includes(prefix + name)) names.push(prefix + name);
    }
  });
  return names;
}

/** Keeps the rules (and selectors of a list) `keep` accepts, in their order, and drops what is left empty. */
export function subsetStylesheet(root: Root, keep: (selector: string) => boolean): void {
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name)) return;
    if (classesOf(rule.selector).length === 0) return;
    const kept = rule.selectors.filter(keep);
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
}

interface Options {
  /** The app's root folder (absolute), to name modules relative to it. */
  root: string;
  /** Code loaded on public pages without a navigation that counts as theirs: the mobile menu, the toast region... */
  publicModules: string[];
  /** Where the app's code names CSS variables (app/, index.html): the public file keeps what they read. */
  sources: string[];
}

type Chunk = {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  modules: Record<string, { renderedLength: number }>;
  imports: string[];
};

/** The modules whose code is in the chunk (a module tree-shaking emptied is still listed, with no code). */
const rendered = (chunk: Chunk) => chunk.moduleIds.filter((id) => (chunk.modules[id]?.renderedLength ?? 0) > 0);

const STYLE_RUNTIME = /[\\/]styled-system[\\/](css[\\/](css|cva|sva)|patterns|jsx)[\\/.]/;

/**
 * The two halves of the work: one sees the stylesheet as Panda and PostCSS wrote it (a transform between Vite's CSS
 * compile and its packaging), the other the chunks (after Vite's CSS step has named the stylesheet's file).
 */
export function publicStylesheet(options: Options): Plugin[] {
  let stylesheet: string | undefined;
  const chunks = new Map<string, { chunk: Chunk; code: string }>();
  let shellCss: string | undefined;
  let plan: { wholeCssFor: Set<string>; used: (selector: string) => boolean } | undefined;
  const relative = (id: string) => id.replace(/\?.*$/, '').replace(`${options.root}/`, '');

  const isPublicRouteChunk = (id: string | null) => {
    if (!id || !id.includes('?tsr-split=')) return false;
    const src = relative(id);
    if (!src.startsWith('app/routes/')) return false;
    if (src === 'app/routes/__root.tsx') return true;
    const path = routePathOf(src);
    return path !== null && isPublicRoute(path);
  };

  /** Which chunks are public (loaded by public pages at once), what they name, and which others need the whole file. */
  function makePlan(this: { error(message: string): never }) {
    const all = [...chunks.values()];
    const byName = new Map(all.map((entry) => [entry.chunk.fileName, entry]));
    const roots = all.filter(
      ({ chunk }) =>
        chunk.isEntry ||
        isPublicRouteChunk(chunk.facadeModuleId) ||
        (chunk.facadeModuleId !== null && options.publicModules.includes(relative(chunk.facadeModuleId))),
    );
    for (const module of options.publicModules) {
      if (!all.some(({ chunk }) => chunk.facadeModuleId && relative(chunk.facadeModuleId) === module)) {
        this.error(`public-stylesheet: ${module} is no chunk of its own any more: its classes would leave the public file`);
      }
    }
    const publicChunks = new Set<string>();
    const queue = roots.map(({ chunk }) => chunk.fileName);
    while (queue.length > 0) {
      const name = queue.shift()!;
      if (publicChunks.has(name)) continue;
      publicChunks.add(name);
      queue.push(...(byName.get(name)?.chunk.imports ?? []));
    }
    const recipeModules = new Map<string, string[]>();
    const recipesOf = (chunk: Chunk) =>
      rendered(chunk).flatMap((id) => {
        if (!/[\\/]styled-system[\\/]recipes[\\/][\w-]+\.mjs$/.test(id)) return [];
        if (!recipeModules.has(id)) recipeModules.set(id, recipeNamesOf(readFileSync(id, 'utf8')));
        return recipeModules.get(id)!;
      });
    let publicCode = '';
    const publicRecipes = new Set<string>();
    for (const name of publicChunks) {
      const entry = byName.get(name);
      if (!entry) continue;
      const runtime = rendered(entry.chunk).find((id) => STYLE_RUNTIME.test(id));
      if (runtime) {
        this.error(`public-stylesheet: ${relative(runtime)} makes class names as it runs, in a public page's code (${entry.chunk.facadeModuleId ?? entry.chunk.fileName})`);
      }
      publicCode += `${entry.code}\n`;
      for (const recipe of recipesOf(entry.chunk)) publicRecipes.add(recipe);
    }
    // Every recipe some chunk includes (one no chunk includes has no class anyone can use).
    const recipes = [...new Set(all.flatMap(({ chunk }) => recipesOf(chunk)))];
    const uses = classUse(publicCode, publicRecipes, recipes);
    const used = selectorUsedBy(uses);
    // The classes of the rules the public file leaves out: code that names one needs the whole file.
    const missing = new Set<string>();
    const missingRecipes = new Set<string>();
    postcss.parse(stylesheet ?? '').walkRules((rule) => {
      for (const selector of rule.selectors) {
        if (used(selector)) continue;
        for (const name of classesOf(selector)) {
          if (uses(name)) continue;
          const recipe = recipeOf(name, recipes);
          if (recipe) missingRecipes.add(recipe);
          else missing.add(name);
        }
      }
    });
    const wholeCssFor = new Set<string>();
    for (const { chunk, code } of all) {
      if (publicChunks.has(chunk.fileName)) continue;
      const needs =
        rendered(chunk).some((id) => STYLE_RUNTIME.test(id)) ||
        recipesOf(chunk).some((recipe) => missingRecipes.has(recipe)) ||
        [...missing].some((name) => names(code, name));
      if (needs) wholeCssFor.add(chunk.fileName);
    }
    return { wholeCssFor, used };
  }

  return [
    {
      name: 'wta:public-stylesheet:read',
      apply: 'build',
      applyToEnvironment: (environment) => environment.name === 'client',
      transform(code, id) {
        if (/[\\/]app[\\/]index\.css$/.test(id)) stylesheet = code;
        return null;
      },
    },
    {
      name: 'wta:public-stylesheet',
      apply: 'build',
      enforce: 'post',
      applyToEnvironment: (environment) => environment.name === 'client',
      renderStart() {
        chunks.clear();
        plan = undefined;
        shellCss = undefined;
      },
      renderChunk(code, chunk) {
        chunks.set(chunk.fileName, { chunk, code });
        const css = [...((chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])];
        if (css.length > 0) {
          if (shellCss && css.some((file) => file !== shellCss)) {
            this.error(`public-stylesheet: more than one stylesheet (${shellCss}, ${css.join(', ')})`);
          }
          shellCss = css[0];
        }
        return null;
      },
      augmentChunkHash(chunk) {
        plan ??= makePlan.call(this);
        // A chunk that links the whole stylesheet names its file: the chunk's own name changes with it (the file's
        // name, which follows its final, minified text, as Vite's own CSS step does for a chunk's CSS).
        if (plan.wholeCssFor.has(chunk.fileName)) return `whole-stylesheet:${shellCss}`;
      },
      generateBundle(_, bundle) {
        plan ??= makePlan.call(this);
        if (!shellCss || !stylesheet) this.error('public-stylesheet: the build wrote no stylesheet');
        // index.html links the whole stylesheet already (Vite wrote it from the first script's CSS, in a step before
        // this one). The first script's chunk also holds Vite's loader, which nearly every chunk imports: left as the
        // stylesheet's owner, it would make every dynamic import on a public page fetch the whole file.
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          const css = (output as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss;
          if (plan.wholeCssFor.has(output.preliminaryFileName)) css?.add(shellCss);
          else css?.delete(shellCss);
        }
        const whole = bundle[shellCss];
        if (!whole || whole.type !== 'asset') this.error(`public-stylesheet: ${shellCss} is not in the build`);
        const root = postcss.parse(String(whole.source));
        const layers = layerOrder(root);
        subsetStylesheet(root, plan.used);
        pruneRoot(root, namedInSources(options.sources));
        // The layers' order is the order they first appear in (the minifier drops Panda's own statement of it): a
        // layer the public file leaves empty would otherwise come last once the whole file is loaded after it.
        root.prepend(postcss.atRule({ name: 'layer', params: layers.join(', ') }));
        const reference = this.emitFile({ type: 'asset', name: 'public.css', source: root.toString() });
        const paths: PublicStylesheet = { shell: `/${shellCss}`, page: `/${this.getFileName(reference)}` };
        this.emitFile({ type: 'asset', fileName: PUBLIC_STYLESHEET_FILE, source: JSON.stringify(paths) });
      },
    },
  ];
}
