import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// @ts-expect-error Panda generates no types for its recipe runtime.
import { createRecipe as pandaCreateRecipe } from '../../styled-system/recipes/create-recipe.mjs';
import { leanRecipes } from '../../scripts/vite/lean-recipes.ts';
import { createRecipe } from './create-recipe.ts';

// The build swaps Panda's recipe runtime for ours (scripts/vite/lean-recipes.ts): every class name must stay the one
// Panda's runtime gives, or a page would lose its styles (the CSS is Panda's, extracted for Panda's class names).

const word = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,7}$/);
const value = fc.oneof(
  fc.constantFrom('sm', 'md', 'solid', 'outline', 'top-end', 'two words', 'a b c'),
  fc.boolean(),
  fc.integer({ min: 0, max: 12 }),
  fc.constant(undefined),
  fc.constant(null),
);

describe('createRecipe (the recipes without Panda’s style runtime)', () => {
  it('gives the class names and variant props Panda’s runtime gives, for any plain variant values', () => {
    fc.assert(
      fc.property(
        word,
        fc.dictionary(word, fc.oneof(fc.constantFrom('sm', 'solid', 'two words'), fc.boolean())),
        fc.dictionary(word, value),
        (name, defaults, variants) => {
          const ours = createRecipe(name, defaults, []);
          const panda = pandaCreateRecipe(name, defaults, []);
          expect(ours.recipeFn(variants)).toBe(panda.recipeFn(variants));
          expect(ours.getVariantProps(variants)).toEqual(panda.getVariantProps(variants));
        },
      ),
    );
  });

  it('names a slot recipe’s parts as Panda does', () => {
    const ours = createRecipe('card__root', { size: 'md' }, []);
    expect(ours.recipeFn({ tone: 'danger', size: undefined })).toBe('card__root card__root--size_md card__root--tone_danger');
    expect(ours.recipeFn({ fullWidth: true })).toBe(pandaCreateRecipe('card__root', { size: 'md' }, []).recipeFn({ fullWidth: true }));
  });

  it('refuses what only Panda’s runtime can do, instead of giving a class with no style', () => {
    expect(() => createRecipe('button', {}, [{ size: 'sm', css: { px: '2' } }])).toThrow(/compound variants/);
    expect(() => createRecipe('button', {}, []).recipeFn({ size: { base: 'sm', md: 'lg' } })).toThrow(/plain value/);
  });
});

describe('the build swap (scripts/vite/lean-recipes.ts)', () => {
  const plugin = leanRecipes();
  const transform = (code: string, id: string) =>
    (plugin.transform as (this: unknown, code: string, id: string) => unknown).call(
      { error: (message: string) => { throw new Error(message); } },
      code,
      id,
    );

  it('fails the build on a recipe with compound variants, instead of the page in the browser', () => {
    const slot = "const cardCompoundVariants = [\n  { size: 'sm', css: { root: { p: '2' } } }\n]";
    const plain = "const buttonFn = createRecipe('button', {\n  \"size\": \"md\"\n}, [\n  { size: 'sm', css: {} }\n])";
    for (const code of [slot, plain])
      expect(() => transform(code, '/app/styled-system/recipes/x.mjs')).toThrow(/compound variants/);
    expect(transform("const buttonFn = createRecipe('button', {}, [])", '/app/styled-system/recipes/button.mjs')).toBeNull();
    expect(transform(slot, '/app/app/features/x.ts')).toBeNull();
  });

  it('resolves only the recipes\' own runtime import to ours', () => {
    const resolve = plugin.resolveId as (source: string, importer?: string) => string | null;
    expect(resolve('./create-recipe.mjs', '/r/styled-system/recipes/button.mjs')).toMatch(/app[\\/]theme[\\/]create-recipe\.ts$/);
    expect(resolve('./create-recipe.mjs', '/r/app/x.ts')).toBeNull();
  });
});
