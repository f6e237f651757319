import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const VIRTUAL = 'virtual:route-preloads';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** Every chunk `keys` load statically, themselves included. */
function closure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * Which route id each route file defines, read from the router plugin's generated tree: it imports
 * `Route as XRouteImport` from './routes/<file>' and declares `const XRoute = XRouteImport.update({ id: '<id>', ...`.
 */
export function routeIdsByFile(routeTree: string): Map<string, string> {
  const fileOf = new Map<string, string>();
  for (const m of routeTree.matchAll(/import \{ Route as (\w+) \} from '\.\/routes\/([^']+)'/g)) fileOf.set(m[1]!, m[2]!);
  const ids = new Map<string, string>();
  for (const m of routeTree.matchAll(/= (\w+)\.update\(\{\s*id: '([^']+)'/g)) {
    const file = fileOf.get(m[1]!);
    if (file) ids.set(file.replace(/\.(tsx?|jsx?)$/, ''), m[2]!);
  }
  return ids;
}

/**
 * The JS each route's screen needs beyond the entry, by route id: its split component chunk and that chunk's static
 * imports, from the client build's manifest.
 */
export function routePreloadMap(
  manifest: Record<string, ManifestChunk>,
  routeTree: string,
  indexHtml: string,
): Record<string, string[]> {
  const ids = routeIdsByFile(routeTree);
  // What every page loads already: the entry chunks index.html names, the app they import (app/boot.ts loads
  // app/main.tsx, ADR 044), and what those import.
  const named = new Set([...indexHtml.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]));
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry || named.has(manifest[key]!.file));
  const initial = closure(manifest, [...entries, ...entries.flatMap((key) => manifest[key]!.dynamicImports ?? [])]);
  const map: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const src = chunk.src ?? key;
    const match = /^app\/routes\/(.+)\.(?:tsx?|jsx?)\?tsr-split=(.+)$/.exec(src);
    // The screen itself (the router plugin splits `component` with its pending skeleton); not the error screens.
    if (!match || !match[2]!.split('---').includes('component')) continue;
    const id = ids.get(match[1]!);
    if (!id) continue;
    const files = [...closure(manifest, [key])].filter((k) => !initial.has(k)).map((k) => `/${manifest[k]!.file}`);
    map[id] = files.filter((f) => f.endsWith('.js'));
  }
  return map;
}

/**
 * The server renderer's build only: `virtual:route-preloads` is the map above, so a server-rendered page names its
 * screen's chunks in `<head>` as `modulepreload` links (issue 12): the browser fetches them beside the entry instead of
 * after it has run, and Vite's loader finds them there instead of adding each link itself. Empty when there is no
 * client build (tests render without one).
 */
export function routePreloads(options: {
  manifest: string;
  routeTree: string;
  indexHtml: string;
}): Plugin {
  return {
    name: 'wta:route-preloads',
    resolveId: (id) => (id === VIRTUAL ? `\0${id}` : null),
    load(id) {
      if (id !== `\0${VIRTUAL}`) return null;
      const map = [options.manifest, options.routeTree, options.indexHtml].every((file) => existsSync(file))
        ? routePreloadMap(
            JSON.parse(readFileSync(options.manifest, 'utf8')),
            readFileSync(options.routeTree, 'utf8'),
            readFileSync(options.indexHtml, 'utf8'),
          )
        : {};
      return `export default ${JSON.stringify(map)};`;
    },
  };
}
