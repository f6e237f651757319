import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { fastMember } from '../../test/fast-members.ts';
import { isVerifiedQuery, matchExpression } from './fts-query.ts';
import { queryLength, SEARCH_TEXTS } from './constants.ts';

// D30: the words of a query reach FTS5 only as quoted strings, the last one a prefix; whatever is typed, the answer
// is 200, or 400 with the message when nothing is left after trimming.

describe('matchExpression', () => {
  it('quotes each word, doubles embedded quotes, makes the last a prefix and drops words without a letter or digit', () => {
    expect(matchExpression('jor')).toBe('"jor"*');
    expect(matchExpression('  Jordan   ban ')).toBe('"Jordan" "ban"*');
    expect(matchExpression('say "hi"')).toBe('"say" """hi"""*');
    expect(matchExpression('NEAR(a b)')).toBe('"NEAR(a" "b)"*');
    expect(matchExpression('a OR -b')).toBe('"a" "OR" "-b"*');
    expect(matchExpression('jordan 😀')).toBe('"jordan"*');
    expect(matchExpression('"""* ( ) - :')).toBeNull();
    expect(matchExpression('😀 🎉')).toBeNull();
    expect(matchExpression('中文')).toBe('"中文"*');
    // Found by the property below: a NUL inside a word made FTS5 answer "unterminated string".
    expect(matchExpression('Ⴀ\u0000')).toBe('"Ⴀ"*');
    expect(matchExpression('jo\u0000rdan')).toBe('"jo" "rdan"*');
  });

  it('recognises the quick search Verified as the whole query only', () => {
    expect(isVerifiedQuery(' VERIFIED ')).toBe(true);
    expect(isVerifiedQuery('verified players')).toBe(false);
    expect(isVerifiedQuery('verif')).toBe(false);
  });
});

describe('any query', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await fastMember(t, { firstName: 'Jordan', lastName: 'Near' });
  });
  afterAll(() => t.cleanup());

  it('of 1 to 100 characters is answered 200, or 400 with the message only when blank after trimming', async () => {
    const anyText = fc.oneof(
      fc.string({ minLength: 1, maxLength: 100, unit: 'binary' }),
      fc.string({ minLength: 1, maxLength: 100, unit: 'grapheme' }),
      // FTS5's own syntax, in any arrangement.
      fc
        .array(
          fc.constantFrom('"', '*', 'NEAR', '(', ')', 'AND', 'OR', 'NOT', '-', ':', '^', '+', '{', '}', ' ', 'jo', 'x'),
          {
            minLength: 1,
            maxLength: 30,
          },
        )
        .map((parts) => parts.join('')),
    );
    await fc.assert(
      fc.asyncProperty(anyText, fc.constantFrom('all', 'players', 'teams', 'tournaments'), async (q, filter) => {
        // URLSearchParams sends a lone surrogate as U+FFFD, one character as well.
        const res = await t.request(`/api/search?${new URLSearchParams({ q, filter })}`);
        const sent = q.replace(/\p{Surrogate}/gu, '\uFFFD');
        if (sent.trim() === '') {
          expect(res.status).toBe(400);
          expect(((await res.json()) as { message: string }).message).toBe(SEARCH_TEXTS.queryRequired);
        } else {
          expect(queryLength(sent.trim())).toBeLessThanOrEqual(100);
          expect(res.status, `${JSON.stringify(q)}: ${await res.clone().text()}`).toBe(200);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
