import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Declaration, Plugin, Root } from 'postcss';

/**
 * Drops the custom properties nothing reads (issue 12, ADR 049). Panda writes every token of the theme (and Park UI's
 * preset) as a CSS variable, ~570 of them, and its reset declares the filter and transform variables of utilities
 * this app never uses: ~210 were read by no `var()` in the stylesheet and by no line of the app, ~1.7 KB of every
 * first visit compressed. A variable is kept when the stylesheet reads it (`var(--x)`, in a rule still kept) or the
 * app's code names it (an inline style, a value read with getComputedStyle): dropping one can make another unread,
 * so it runs until nothing changes. It runs after Panda, inside Vite's CSS pipeline, so the file's hashed name
 * follows what it keeps.
 */
export function pruneUnusedVariables(options: { sources: string[] }): Plugin {
  return {
    postcssPlugin: 'wta-prune-unused-variables',
    OnceExit(root) {
      const named = namedInSources(options.sources);
      pruneRoot(root, named);
    },
  };
}
pruneUnusedVariables.postcss = true as const;

/** Removes the definitions of custom properties read by nothing, then the rules left empty. Exported for tests. */
export function pruneRoot(root: Root, namedElsewhere: ReadonlySet<string>): number {
  let removed = 0;
  for (;;) {
    const read = new Set(namedElsewhere);
    root.walkDecls((decl) => {
      // Panda escapes the dot of a fractional token: `var(--spacing-0\.5)` reads `--spacing-0\.5`, not `--spacing-0`.
      for (const match of decl.value.matchAll(/var\(\s*(--(?:\\.|[\w-])+)/g)) read.add(match[1]!);
    });
    const unread: Declaration[] = [];
    root.walkDecls((decl) => {
      if (decl.prop.startsWith('--') && !read.has(decl.prop)) unread.push(decl);
    });
    if (unread.length === 0) break;
    for (const decl of unread) {
      const parent = decl.parent;
      decl.remove();
      removed += 1;
      // A rule or block left with nothing in it goes too, up to the first that still holds something.
      let node = parent;
      while (node && node.type !== 'root' && 'nodes' in node && node.nodes?.length === 0) {
        const up = node.parent;
        node.remove();
        node = up as typeof node;
      }
    }
  }
  return removed;
}

/** Every `--name` written in the app's code (app/, index.html), read fresh on each build. */
export function namedInSources(sources: string[]): Set<string> {
  const named = new Set<string>();
  for (const file of sources.flatMap(filesUnder)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/--[a-zA-Z][\w-]*/g)) named.add(match[0]);
  }
  return named;
}

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) => {
    const child = join(path, entry.name);
    if (entry.isDirectory()) return filesUnder(child);
    return /\.(tsx?|html)$/.test(entry.name) ? [child] : [];
  });
}
