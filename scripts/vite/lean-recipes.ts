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
    // Our createRecipe refuses compound variants when a recipe module runs, which would be the first load's chunk
    // failing in the browser: a recipe that has them fails the build here instead.
    transform(code, id) {
      if (/[\\/]styled-system[\\/]recipes[\\/]/.test(id) && /(CompoundVariants = |createRecipe\([\s\S]*?\}, )\[\s*\{/.test(code)) {
        this.error(`${id}: compound variants need Panda's recipe runtime; app/theme/create-recipe.ts has none`);
      }
      return null;
    },
    resolveId(source, importer) {
      if (source === './create-recipe.mjs' && importer && /[\\/]styled-system[\\/]recipes[\\/]/.test(importer)) {
        return lean;
      }
      return null;
    },
  };
}
