import { describe, expect, it, vi } from 'vitest';
import { externalValue } from './external-value.ts';

describe('externalValue', () => {
  it('tells its readers of a change, not of the same value again, and stops after unsubscribing', () => {
    const value = externalValue(false);
    const listener = vi.fn();
    const unsubscribe = value.subscribe(listener);
    value.set(true);
    value.set(true);
    expect(value.get()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    value.set(false);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(value.get()).toBe(false);
  });
});
