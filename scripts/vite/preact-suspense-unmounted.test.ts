import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SUSPENSE_REVIVE_LOOP, skipUnmountedSuspenders } from './preact-suspense-unmounted.ts';

const compat = readFileSync(
  fileURLToPath(new URL('../../node_modules/preact/compat/dist/compat.mjs', import.meta.url)),
  'utf8',
);

describe('the preact/compat Suspense fix (ADR 055)', () => {
  it('finds the installed Preact’s revive loop once, and revives only components still mounted', () => {
    const fixed = skipUnmountedSuspenders(compat);
    expect(fixed).not.toBeNull();
    expect(fixed).not.toContain(SUSPENSE_REVIVE_LOOP);
    expect(fixed).toContain('t=e.i.pop();)t.__n&&(t.__P=o,t.forceUpdate())');
    expect(fixed!.length - compat.length).toBe('t.__n&&()'.length);
  });

  it('refuses code without the loop, so a changed Preact fails the build instead of going unfixed', () => {
    expect(skipUnmountedSuspenders('export const nothing = 1;')).toBeNull();
  });
});
