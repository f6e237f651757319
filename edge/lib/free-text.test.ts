import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, freeText, hasVisibleCharacter } from './free-text.ts';

/** Characters that draw nothing or steer the text: controls, zero-width and format characters, marks, fillers. */
const TRICKY = [
  '\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009b', '\u009f', '\n', '\r', '\t', '\v', '\f', ' ', '\u00a0',
  '\u00ad', '\u200b', '\u200c', '\u200d', '\u200e', '\u2060', '\ufeff', '\u2028', '\u2029', '\u3000', '\u3164',
  '\u2800', '\u0301', '\u20dd', '\ufe0f', '\u202a', '\u202e', '\u2066', '\u2069', '\u{e0041}',
];
const character = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('a', 'Z', '7', 'é', '李', '😀', '-', '.') },
);
const text = fc.string({ unit: character, maxLength: 24 });
const options = fc.record({ multiline: fc.boolean(), name: fc.boolean() });

/** Any C0 or C1 control (and DEL) but the two a multi-line text keeps. */
const controlsBut = (multiline: boolean) => (multiline ? /[^\P{Cc}\n\t]/u : /\p{Cc}/u);

describe('freeText', () => {
  it('stores text with a visible character, no control but newline and tab, and reads its own output back unchanged', () => {
    fc.assert(
      fc.property(text, options, (input, { multiline, name }) => {
        const schema = freeText({ label: 'Field', multiline, name }).min(1, 'Field is required');
        const result = schema.safeParse(input);
        if (!result.success) return;
        const out = result.data;
        expect(hasVisibleCharacter(out)).toBe(true);
        expect(out).not.toMatch(controlsBut(multiline));
        expect(schema.parse(out)).toBe(out);
        expect(cleanText(out, multiline)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses exactly the text with no visible character, and direction controls in names', () => {
    fc.assert(
      fc.property(text, options, (input, { multiline, name }) => {
        const result = freeText({ label: 'Field', multiline, name }).min(1, 'Field is required').safeParse(input);
        const direction = /[\u202A-\u202E\u2066-\u2069]/.test(input);
        expect(result.success).toBe(hasVisibleCharacter(input) && !(name && direction));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['\u0000', 'First name must contain visible characters'],
    ['\u0007', 'First name must contain visible characters'],
    ['\u200b', 'First name must contain visible characters'],
    ['\u200c\u200d\u2060\ufeff', 'First name must contain visible characters'],
    ['\u0301', 'First name must contain visible characters'],
    ['Ann\u202eeb', 'First name must not contain characters that change the text direction'],
    ['\u2066Ann\u2069', 'First name must not contain characters that change the text direction'],
    ['   ', 'First name is required'],
    [7, 'First name is required'],
  ])('refuses %j in a name with one message that says what is wrong', (input, message) => {
    const result = freeText({ label: 'First name', name: true, error: 'First name is required' })
      .min(1, 'First name is required')
      .safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([message]);
  });

  it('strips controls, keeps line breaks and tabs only in multi-line text, and counts the limit after stripping', () => {
    const line = freeText({ label: 'Tagline' }).max(5, 'too long');
    expect(line.parse(' Be\u0000st\u0007 ')).toBe('Best');
    expect(line.parse('a\r\nb\tc')).toBe('a b c');
    expect(line.parse('abcde\u0000\u0000\u0000')).toBe('abcde');
    expect(line.safeParse('abcdef').success).toBe(false);
    const block = freeText({ label: 'Message', multiline: true });
    expect(block.parse('Hi\r\n\tthere\u0000\u009b!\n')).toBe('Hi\n\tthere!');
    // Direction controls are a name's problem only; zero-width joiners stay (emoji sequences, some scripts need them).
    expect(block.parse('\u202eolleh')).toBe('\u202eolleh');
    expect(freeText({ label: 'Team name', name: true }).parse('👨\u200d👩\u200d👧 Fam')).toBe('👨\u200d👩\u200d👧 Fam');
  });
});
