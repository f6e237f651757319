import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './schema.ts';

describe('safeReturnPath', () => {
  it('keeps same-site paths', () => {
    expect(safeReturnPath('/dashboard')).toBe('/dashboard');
    expect(safeReturnPath('/tournaments/7?tab=registration')).toBe('/tournaments/7?tab=registration');
    expect(safeReturnPath('/a/./b/../c')).toBe('/a/c');
  });

  it('refuses other hosts and non-paths', () => {
    for (const value of ['//evil.example', '/\\evil.example', 'https://evil.example', 'dashboard', '', '/\tx', 42, undefined]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it('refuses paths whose dot segments normalise into another host', () => {
    for (const value of ['/.//evil.example', '/..//evil.example', '/a/..//evil.example', '/././/evil.example/x?y#z']) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  // Pieces that make the parser's corner cases likely: slashes, dot segments, encoded slashes and dots, schemes,
  // user-info, query, fragment, control and non-ASCII characters.
  const piece = fc.constantFrom(
    '/', '//', '\\', '.', '..', '/.', '/..', '%2F', '%2f', '%5C', '%2e', '%2E%2E', 'evil.example', 'league', ':', '@',
    '?', '#', ' ', '\t', '\n', '\u0000', '%00', 'http:', 'https:', 'javascript:', '\u00e9', '\u3000', '%', 'a',
  );
  const input = fc.oneof(
    fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
    fc.string(),
    fc.webPath(),
    fc.webUrl(),
  );

  it('answers null or a single-slash path on this origin that cleans to itself (property)', () => {
    fc.assert(
      fc.property(input, (value) => {
        const out = safeReturnPath(value);
        if (out === null) return;
        expect(out.startsWith('/')).toBe(true);
        expect(out.startsWith('//')).toBe(false);
        expect(out.startsWith('/\\')).toBe(false);
        // A browser resolves it against the league's own origin, whatever that origin is.
        for (const base of ['https://league.example', 'http://localhost:3000']) {
          expect(new URL(out, base).origin).toBe(new URL(base).origin);
        }
        expect(safeReturnPath(out)).toBe(out);
      }),
      { numRuns: 5000 },
    );
  });
});
