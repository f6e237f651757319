import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { classesOf, classUse, layerOrder, names, recipeNamesOf, selectorUsedBy, subsetStylesheet } from './public-stylesheet.ts';

describe('classesOf', () => {
  it("reads a selector's classes as the code writes them", () => {
    expect(classesOf('.md\\:p_4:hover > .x')).toEqual(['md:p_4', 'x']);
    expect(classesOf('.\\[\\&_svg\\]\\:w_4 svg')).toEqual(['[&_svg]:w_4']);
    expect(classesOf('.p_0\\.5,.bg_gold\\.9\\/20')).toEqual(['p_0.5', 'bg_gold.9/20']);
    expect(classesOf('.\\31 0')).toEqual(['10']);
    expect(classesOf(':root, html, [data-x]')).toEqual([]);
  });
});

describe('recipeNamesOf', () => {
  it("finds a recipe's class stem, a slot recipe's too", () => {
    expect(recipeNamesOf("const badgeFn = createRecipe('badge', {}, [])")).toEqual(['badge']);
    expect(recipeNamesOf('const alertSlotNames = [["root", "alert__root"], ["icon", "alert__icon"]]')).toEqual(['alert']);
  });
});

describe('the public subset of a stylesheet', () => {
  const css = [
    '@layer reset, utilities;',
    '@layer reset{html{margin:0}}',
    '@layer utilities{.d_flex{display:flex}.p_4{padding:1rem}.md\\:p_2{padding:.5rem}@media (min-width:48em){.md\\:p_8{padding:2rem}}}',
    '.badge--tone_gold,.dialog__root{color:gold}',
    '.group:hover .group-hover\\:c_red{color:red}',
    '@keyframes spin{to{transform:rotate(1turn)}}',
  ].join('');
  const keep = selectorUsedBy(classUse('cx("d_flex", "md:p_2"); "group group-hover:c_red"', new Set(['badge']), ['badge', 'dialog']));
  const subset = () => {
    const root = postcss.parse(css);
    subsetStylesheet(root, keep);
    return root.toString();
  };

  it('keeps the rules whose classes the code names, in their order, and every rule without a class', () => {
    expect(subset()).toBe(
      '@layer reset, utilities;@layer reset{html{margin:0}}@layer utilities{.d_flex{display:flex}.md\\:p_2{padding:.5rem}}' +
        '.badge--tone_gold{color:gold}.group:hover .group-hover\\:c_red{color:red}@keyframes spin{to{transform:rotate(1turn)}}',
    );
  });

  it("keeps a recipe's rules when the code includes the recipe, whatever variant it may choose as it runs", () => {
    expect(keep('.badge--tone_gold')).toBe(true);
    expect(keep('.dialog__root')).toBe(false);
  });

  it('a selector needs every one of its classes', () => {
    expect(keep('.group:hover .group-hover\\:c_red')).toBe(true);
    expect(keep('.d_flex .p_4')).toBe(false);
  });
});

describe('what a selector needs of the code', () => {
  const used = selectorUsedBy(classUse('"beta after:content_\\"\\"" xray', new Set(), []));

  it("one alternative of a merged :is() list, never what :not() names, all of what :has() needs", () => {
    expect(used(':is(.alpha:has(input:focus-visible),.beta:has(a:focus-visible))')).toBe(true);
    expect(used(':is(.alpha,.gamma)')).toBe(false);
    expect(used('.xray:not(.nowhere)')).toBe(true);
    expect(used('.beta:has(.nowhere)')).toBe(false);
    expect(used('.beta:where(.xray, .nowhere) > .xray')).toBe(true);
  });

  it('finds a class inside a JS string that escapes its quotes', () => {
    expect(used('.after\\:content_\\"\\"::after')).toBe(true);
    expect(names("'it\\'s'", "it's")).toBe(true);
  });
});

describe('layerOrder', () => {
  it('names every layer, nested ones by their dotted names, in the order they first appear', () => {
    const root = postcss.parse(
      '@layer reset{a{b:c}}@layer recipes{@layer _base{.x{y:z}}}@layer recipes.slots{@layer _base{.s{t:u}}}@layer utilities, extra;@layer reset{b{c:d}}',
    );
    expect(layerOrder(root)).toEqual(['reset', 'recipes', 'recipes._base', 'recipes.slots', 'recipes.slots._base', 'utilities', 'extra']);
  });
});
