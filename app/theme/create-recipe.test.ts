import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// @ts-expect-error Panda generates no types for its recipe runtime.
import { createRecipe as pandaCreateRecipe } from '../../styled-system/recipes/create-recipe.mjs';
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
