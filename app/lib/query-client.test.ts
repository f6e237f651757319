import { describe, expect, it } from 'vitest';
import { isNetworkError } from './query-client.ts';

describe('isNetworkError', () => {
  it('knows "no answer" as each browser words it, and not a bug', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(true);
    expect(isNetworkError(new TypeError('Load failed'))).toBe(true);
    expect(isNetworkError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isNetworkError(new Error('500: {"message":"Internal server error"}'))).toBe(false);
  });
});
