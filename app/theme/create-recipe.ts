import { cx } from '../../styled-system/css';

// The recipes' class names without Panda's style runtime (ADR 048). Panda's generated `createRecipe` builds each
// recipe's class string through `createCss` and `css()`, the runtime that turns any style object into atomic classes:
// ~3.5 KB of compressed code in every page's first load, there only for the recipes (the app's own `css()` calls
// are class strings at build time, ADR 038). Our recipes have no compound variants and are called with plain
// variant values, so their class names are `name` and `name--variant_value`: the same strings, in the same order,
// as Panda's runtime gives (app/theme/create-recipe.test.ts compares the two). The build resolves the recipes'
// `./create-recipe.mjs` to this file (scripts/vite/lean-recipes.ts).

type Variants = Record<string, unknown>;

const compact = (value: Variants | undefined): Variants =>
  Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined));

export const createRecipe = (name: string, defaultVariants: Variants, compoundVariants: readonly unknown[]) => {
  // Panda's own runtime is the one that can turn a compound variant's styles into classes.
  if (compoundVariants.length > 0) throw new Error(`Recipe ${name}: compound variants need Panda's recipe runtime`);
  const getVariantProps = (variants?: Variants): Variants => ({
    [name]: '__ignore__',
    ...defaultVariants,
    ...compact(variants),
  });
  const recipeFn = (variants?: Variants): string => {
    const classes = new Set<string>();
    for (const [variant, value] of Object.entries(getVariantProps(variants))) {
      if (value === null || value === undefined) continue;
      if (typeof value === 'object') {
        // A conditional value ({ base: 'sm', md: 'lg' }) has no class unless Panda extracted it from the call.
        throw new Error(`Recipe ${name}: variant ${variant} takes a plain value, not a conditional one`);
      }
      classes.add(value === '__ignore__' ? name : `${name}--${variant}_${String(value).replaceAll(' ', '_')}`);
    }
    return Array.from(classes).join(' ');
  };
  return { recipeFn, getVariantProps, __getCompoundVariantCss__: () => ({}) };
};

type RecipeFn = ((...args: unknown[]) => string) & { __name__?: string };

/** `recipe.merge(other)`: both recipes' classes (Panda's also merges the variant maps, which nothing here reads). */
export const mergeRecipes = (recipeA: RecipeFn | undefined, recipeB: RecipeFn | undefined) => {
  if (recipeA && !recipeB) return recipeA;
  if (!recipeA && recipeB) return recipeB;
  return Object.assign((...args: unknown[]) => cx(recipeA!(...args), recipeB!(...args)), {
    __recipe__: true,
    __name__: `${recipeA!.__name__} ${recipeB!.__name__}`,
  });
};
