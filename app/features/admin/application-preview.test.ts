import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applicationPreview } from './application-preview.ts';

describe('applicationPreview (001 s9: 100 characters)', () => {
  it('keeps a reason of 100 characters or less whole and cuts a longer one at 100 with an ellipsis', () => {
    expect(applicationPreview('x'.repeat(100))).toBe('x'.repeat(100));
    expect(applicationPreview('x'.repeat(101))).toBe(`${'x'.repeat(100)}...`);
    expect(applicationPreview(`${'🏀'.repeat(101)}`)).toBe(`${'🏀'.repeat(100)}...`);
  });

  it('always starts the reason and never shows more than 100 of its characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 300 }), (reason) => {
        const preview = applicationPreview(reason);
        const shown =
          preview.endsWith('...') && Array.from(reason.trim()).length > 100 ? preview.slice(0, -3) : preview;
        expect(reason.trim().startsWith(shown)).toBe(true);
        expect(Array.from(shown).length).toBeLessThanOrEqual(100);
      }),
    );
  });
});
