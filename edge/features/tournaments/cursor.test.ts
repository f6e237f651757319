import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';

describe('the list cursor', () => {
  it('reads back every cursor it writes, as URL-safe text', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: -8.64e15, max: 8.64e15 }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (rank, key, id) => {
          const text = encodeCursor({ rank, key: key === 0 ? 0 : key, id });
          expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
          expect(decodeCursor(text)).toEqual({ rank, key: key === 0 ? 0 : key, id });
        },
      ),
    );
  });

  it('refuses any other text without throwing', () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const text of ['', 'x', '!!!', '%%', b64('1.2'), b64('1.2.3.4'), b64('3.2.1'), b64('1.2.0'), b64('1.-0.1'),
      b64('1.02.3'), b64('1.9007199254740993.3'), b64(' 1.2.3'), 'A'.repeat(65)]) {
      expect(decodeCursor(text), text).toBeNull();
    }
    fc.assert(fc.property(fc.string(), (text) => void decodeCursor(text)));
  });
});
