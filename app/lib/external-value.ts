/**
 * A value that lives outside React and that components read with `useSyncExternalStore(value.subscribe, value.get)`:
 * set it from anywhere (a module's code, a timer, a lazy chunk) and every reader renders again.
 */
export interface ExternalValue<T> {
  get: () => T;
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function externalValue<T>(initial: T): ExternalValue<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(value, next)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
