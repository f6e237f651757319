import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { pruneRoot, pruneUnusedVariables } from './prune-unused-variables.ts';

const prune = (css: string, named: string[] = []) => {
  const root = postcss.parse(css);
  pruneRoot(root, new Set(named));
  return root.toString().replace(/\s+/g, ' ').trim();
};

describe('pruneUnusedVariables', () => {
  it('keeps a variable the stylesheet reads and drops one nothing reads', () => {
    expect(prune(':root{--read:1px;--unread:2px}.a{margin:var(--read)}')).toBe(':root{--read:1px}.a{margin:var(--read)}');
  });

  it("reads a variable whose name Panda escapes (a fractional token's dot)", () => {
    expect(prune(':root{--spacing-0\\.5:.125rem;--spacing-0:0}.gap_0\\.5{gap:var(--spacing-0\\.5)}')).toBe(
      ':root{--spacing-0\\.5:.125rem}.gap_0\\.5{gap:var(--spacing-0\\.5)}',
    );
  });

  it('drops a chain of variables read only by each other, and the rules left empty', () => {
    expect(prune('@layer tokens{:root{--a:var(--b);--b:var(--c);--c:red}}.x{color:blue}')).toBe('.x{color:blue}');
  });

  it('keeps what a kept variable reads, even through a fallback', () => {
    expect(prune(':root{--a:var(--b, var(--c));--b:1;--c:2;--d:3}.x{width:var(--a)}')).toBe(
      ':root{--a:var(--b, var(--c));--b:1;--c:2}.x{width:var(--a)}',
    );
  });

  it("keeps a variable the app's code names (an inline style), though no rule reads it", () => {
    expect(prune(':root{--colors-accent-default:gold;--gone:0}', ['--colors-accent-default'])).toBe(
      ':root{--colors-accent-default:gold}',
    );
  });

  it('reads the names from the files it is given, in a real postcss run', async () => {
    const plugin = pruneUnusedVariables({ sources: [new URL('./prune-unused-variables.test.ts', import.meta.url).pathname] });
    // This very file names --named-in-a-source; the other name is put together so that no file writes it.
    const unnamed = ['--', 'no', 'body'].join('');
    const result = await postcss([plugin]).process(`:root{--named-in-a-source:1;${unnamed}:2}`, { from: undefined });
    expect(result.css).toBe(':root{--named-in-a-source:1}');
  });
});
