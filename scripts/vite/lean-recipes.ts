import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const lean = fileURLToPath(new URL('../../app/theme/create-recipe.ts', import.meta.url));

/**
 * Panda's generated recipes import `./create-recipe.mjs`, which needs the whole style runtime; this resolves that one
 * import to app/theme/create-recipe.ts, which gives the same class names without it (ADR 048). Panda regenerates
 * styled-system/ on every codegen, so the swap is made here rather than in the generated files.
 */
export function leanRecipes(): Plugin {
  return {
    name: 'wta:lean-recipes',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './create-recipe.mjs' && importer && /[\\/]styled-system[\\/]recipes[\\/]/.test(importer)) {
        return lean;
      }
      return null;
    },
  };
}
