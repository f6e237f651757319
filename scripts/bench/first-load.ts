// What a first visit downloads, read from the production build in dist/: the entry script(s) of index.html, the
// chunk(s) of a route file, everything they import statically, gzipped; and the service worker's precache total.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { isRenderedPage } from '../../edge/features/pages/constants.ts';

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

export const KiB = 1024;
export const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`;

const gzipCache = new Map<string, FileSize>();

/** Raw and gzipped (zlib default level, as a server compresses on the fly) size of one file under dist/. */
export function sizeOf(distDir: string, file: string): FileSize {
  const path = join(distDir, file);
  const cached = gzipCache.get(path);
  if (cached) return cached;
  const buf = readFileSync(path);
  const size = { file, bytes: buf.length, gzip: gzipSync(buf).length };
  gzipCache.set(path, size);
  return size;
}

export function readManifest(distDir: string): Manifest | null {
  const path = join(distDir, '.vite/manifest.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : null;
}

/** Entry scripts and modulepreload links of dist/index.html, as dist-relative paths. */
export function indexHtmlScripts(distDir: string): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const out = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) {
    if (/\btype="module"/.test(m[0]) && m[1]) out.add(m[1]);
  }
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0])?.[1];
    if (href) out.add(href);
  }
  return [...out].filter((u) => !/^https?:/.test(u)).map((u) => u.replace(/^\//, ''));
}

/** Static imports of a built chunk, read from its text (fallback when there is no manifest). */
function staticImportsFromText(distDir: string, file: string): string[] {
  const text = readFileSync(join(distDir, file), 'utf8');
  const out: string[] = [];
  // `import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`; never `import("./x.js")`.
  for (const m of text.matchAll(/\b(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+\.js)["']/g)) {
    const spec = m[1]!;
    if (spec.startsWith('.')) out.push(posix.normalize(posix.join(posix.dirname(file), spec)));
    else if (spec.startsWith('/')) out.push(spec.slice(1));
  }
  return out;
}

/** The closure of static imports from some starting files (dist-relative paths). */
export function staticClosure(distDir: string, manifest: Manifest | null, startFiles: string[]): string[] {
  const byFile = new Map<string, ManifestChunk>();
  if (manifest) for (const chunk of Object.values(manifest)) byFile.set(chunk.file, chunk);
  const seen = new Set<string>();
  const queue = [...startFiles];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file) || !file.endsWith('.js')) continue;
    seen.add(file);
    const chunk = byFile.get(file);
    if (chunk && manifest) {
      for (const key of chunk.imports ?? []) {
        const dep = manifest[key];
        if (dep) queue.push(dep.file);
      }
    } else {
      queue.push(...staticImportsFromText(distDir, file));
    }
  }
  return [...seen];
}

export function total(files: FileSize[]): { bytes: number; gzip: number } {
  return files.reduce((t, f) => ({ bytes: t.bytes + f.bytes, gzip: t.gzip + f.gzip }), { bytes: 0, gzip: 0 });
}

/**
 * The entry script(s) every route loads first: index.html's scripts, and the app the first of them imports (app/boot.ts
 * imports app/main.tsx once the page has painted, ADR 044: part of every first load all the same).
 */
export function entryFiles(distDir: string, manifest: Manifest | null): string[] {
  const scripts = indexHtmlScripts(distDir);
  if (!manifest) return scripts;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const imported = (file: string) =>
    (byFile.get(file)?.dynamicImports ?? []).flatMap((key) => manifest[key]?.file ?? []);
  return [...new Set(scripts.flatMap((file) => [file, ...imported(file)]))];
}

/**
 * URL path of a TanStack Router file route, from its source path: `app/routes/index.tsx` -> `/`,
 * `auth.tsx` -> `/auth`, `tournaments.$id.tsx` -> `/tournaments/$id`, `_authenticated/dashboard.tsx` -> `/dashboard`.
 * Returns null for the root route and route-private files.
 */
export function routePathOf(src: string): string | null {
  const rel = src.replace(/\?.*$/, '').replace(/^app\/routes\//, '').replace(/\.(tsx?|jsx?)$/, '');
  if (rel === '__root' || rel.split('/').some((s) => s.startsWith('-'))) return null;
  const segments = rel
    .split(/[/.]/)
    .filter((s) => s !== '' && s !== 'index' && s !== 'route' && !s.startsWith('_') && !/^\(.*\)$/.test(s));
  return `/${segments.join('/')}`;
}

/**
 * Whether a route's page is one the server renders (the landing, or edge/features/pages/constants.ts): a route path
 * such as `/tournaments/$id` stands for any id, and `/teams_/$id` (a route outside its parent's layout) for /teams/{id}.
 */
export function isPublicRoute(path: string): boolean {
  return path === '/' || isRenderedPage(path.replace(/\$[^/]+/g, 'x').replace(/_(?=\/|$)/g, ''));
}

export interface RouteChunks {
  path: string;
  sources: string[];
  files: string[];
}

/** Route chunks of the build (TanStack's split components and route files), grouped by URL path. */
export function routeChunks(manifest: Manifest): RouteChunks[] {
  const byPath = new Map<string, RouteChunks>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const src = chunk.src ?? key;
    if (!src.startsWith('app/routes/') || !chunk.file.endsWith('.js')) continue;
    const path = routePathOf(src);
    if (path === null) continue;
    const entry = byPath.get(path) ?? { path, sources: [], files: [] };
    entry.sources.push(src);
    entry.files.push(chunk.file);
    byPath.set(path, entry);
  }
  return [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
}

export interface FirstLoad {
  path: string;
  files: FileSize[];
  bytes: number;
  gzip: number;
}

/** JS a first visit to `path` downloads: entry + that route's chunks + their static imports. */
export function firstLoadFor(distDir: string, manifest: Manifest | null, path: string): FirstLoad {
  const start = entryFiles(distDir, manifest);
  if (manifest) {
    const route = routeChunks(manifest).find((r) => r.path === path);
    if (route) start.push(...route.files);
  }
  const files = staticClosure(distDir, manifest, start).map((f) => sizeOf(distDir, f));
  return { path, files, ...total(files) };
}

export interface Precache {
  /** Unique URLs (the same file listed twice is downloaded once). */
  entries: number;
  /** URLs as listed, duplicates included. */
  listed: number;
  bytes: number;
  gzip: number;
  missing: string[];
}

/** Sum of the files listed in the service worker's precache manifest (inlined in dist/sw.js). */
export function precacheTotal(distDir: string): Precache | null {
  const sw = join(distDir, 'sw.js');
  if (!existsSync(sw)) return null;
  const text = readFileSync(sw, 'utf8');
  const urls = new Set<string>();
  let listed = 0;
  // generateSW/injectManifest both inline entries as {url:"...",revision:...} (quoted keys or not).
  for (const m of text.matchAll(/["']?url["']?\s*:\s*["']([^"']+)["']/g)) {
    listed += 1;
    urls.add(m[1]!.replace(/^\//, ''));
  }
  const files: FileSize[] = [];
  const missing: string[] = [];
  for (const url of urls) {
    const path = join(distDir, url.split('?')[0]!);
    if (existsSync(path) && statSync(path).isFile()) files.push(sizeOf(distDir, url.split('?')[0]!));
    else missing.push(url);
  }
  return { entries: urls.size, listed, ...total(files), missing };
}

/** The build the benchmarks measure: dist/, or BENCH_DIST (e.g. a private build dir, relative to the repo root). */
export const defaultDist = resolve(import.meta.dirname, '../..', process.env.BENCH_DIST || 'dist');

export function assertBuilt(distDir: string): void {
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error(`No build at ${distDir}: run \`npm run build\` first.`);
    process.exit(1);
  }
}
