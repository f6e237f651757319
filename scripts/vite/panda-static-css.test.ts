import { parseAst, transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { css } from '../../styled-system/css';
import type { SystemStyleObject } from '../../styled-system/types';
import { rewriteStaticCss } from './panda-static-css.ts';

/** Panda's runtime, as the plugin calls it (values the type system would refuse are still valid to it). */
const runtime = (...styles: unknown[]) => css(...(styles as SystemStyleObject[]));

/** Compiles a TSX module as the build does before the plugin sees it, then rewrites it. */
async function rewrite(source: string) {
  const { code } = await transformWithOxc(source, 'module.tsx', { jsx: { runtime: 'automatic' } });
  return { compiled: code, result: rewriteStaticCss(code, (c) => parseAst(c), runtime) };
}

describe('build-time class names for static css() calls (ADR 038)', () => {
  it('replaces a literal style object with the class string Panda computes for it', async () => {
    const style = {
      display: 'flex',
      gap: '2',
      px: { base: '3', md: '6' },
      color: 'fg.muted',
      _hover: { bg: 'gray.3' },
      fontSize: ['sm', 'md'],
      mt: -1,
      '&[data-state=open]': { fontWeight: 'bold' },
    };
    const { result } = await rewrite(`
      import { css } from '../../styled-system/css';
import type { SystemStyleObject } from '../../styled-system/types';
      const box = css(${JSON.stringify(style)});
      export function Row() { return <div className={css({ display: 'grid', gridTemplateColumns: \`1fr auto\` })} />; }
      export { box };
    `);
    expect(result?.replaced).toBe(2);
    expect(result?.code).toContain(JSON.stringify(runtime(style)));
    expect(result?.code).toContain(JSON.stringify(css({ display: 'grid', gridTemplateColumns: '1fr auto' })));
    expect(result?.code).not.toMatch(/\bcss\(/);
  });

  it('merges several literal arguments as the runtime does', async () => {
    const { result } = await rewrite(`
      import { css as style } from '../../styled-system/css';
      export const a = style({ p: '2', color: 'red.9' }, { p: '4' });
    `);
    expect(result?.code).toContain(JSON.stringify(runtime({ p: '2', color: 'red.9' }, { p: '4' })));
  });

  it('leaves every call with something computed in it to the runtime', async () => {
    const { compiled, result } = await rewrite(`
      import { css } from '../../styled-system/css';
import type { SystemStyleObject } from '../../styled-system/types';
      export function Card({ tone, wide }: { tone: string; wide: boolean }) {
        const base = { p: '2' };
        return [
          css({ color: tone }),
          css({ ...base, m: '1' }),
          css(wide && { w: 'full' }),
          css({ w: wide ? 'full' : 'auto' }),
          css({ [tone]: { color: 'red.9' } }),
          css(),
        ];
      }
    `);
    expect(result).toBeNull();
    expect(compiled.match(/\bcss\(/g)).toHaveLength(6);
  });

  it('rewrites only calls of the imported css, and nothing in a module where the name is rebound', async () => {
    const other = await rewrite(`
      import { css } from './not-panda';
      export const a = css({ p: '2' });
    `);
    expect(other.result).toBeNull();
    const shadowed = await rewrite(`
      import { css } from '../../styled-system/css';
import type { SystemStyleObject } from '../../styled-system/types';
      export const a = css({ p: '2' });
      export function f(css: (x: object) => string) { return css({ p: '3' }); }
    `);
    expect(shadowed.result).toBeNull();
  });
});
