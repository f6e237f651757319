import type { Client, Transaction } from '@libsql/client';
import { DatabaseUnavailable } from './unavailable.ts';

/** How long a statement waits for an open transaction to finish before failing loudly (matches busy_timeout). */
const LOCK_WAIT_MS = 5000;

/**
 * ADR 013: one connection to the embedded file, and requests that arrive while an interactive transaction holds
 * it wait in process until it commits or rolls back. @libsql/client 0.18's pool does not wait in that case: it
 * rejects at once with TRANSACTION_ACTIVE ("This client has a single connection, which an open transaction is
 * holding"), so a GET arriving during a payment's fulfilment transaction would fail with a 500. This wrapper
 * is the waiting room: every client operation holds a FIFO lock while it runs, and a transaction keeps it until it
 * settles. A statement that waits longer than `waitMs` (e.g. code that uses the outer client inside its own
 * transaction) fails with a clear error instead of hanging.
 *
 * The lock is taken synchronously when it is free (the common case: no timer, no promise chain), because it sits
 * on every statement of every request; `npm run bench -- auth-user` measures its cost.
 */
export function queueOnOneConnection(client: Client, { waitMs = LOCK_WAIT_MS }: { waitMs?: number } = {}): Client {
  let held = false;
  const waiters: Array<() => void> = [];

  /** Hands the lock to the next waiter, or frees it. */
  const release = () => {
    const next = waiters.shift();
    if (next) next();
    else held = false;
  };

  /** Resolves once the lock is ours; the caller must call `release` exactly once afterwards. */
  const acquire = (): Promise<void> | undefined => {
    if (!held) {
      held = true;
      return undefined;
    }
    return new Promise<void>((resolve, reject) => {
      const entry = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = waiters.indexOf(entry);
        if (index >= 0) waiters.splice(index, 1);
        reject(new DatabaseUnavailable(`Database busy: waited ${waitMs} ms for an open transaction to finish`));
      }, waitMs);
      waiters.push(entry);
    });
  };

  const queued =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const wait = acquire();
      if (wait) await wait;
      try {
        return await fn(...args);
      } finally {
        release();
      }
    };

  const transaction = async (...args: Parameters<Client['transaction']>): Promise<Transaction> => {
    const wait = acquire();
    if (wait) await wait;
    let tx: Transaction;
    try {
      tx = await client.transaction(...args);
    } catch (error) {
      release();
      throw error;
    }
    let released = false;
    const releaseOnce = () => {
      if (released) return;
      released = true;
      release();
    };
    const settle =
      <A extends unknown[], R>(fn: (...a: A) => R) =>
      (...a: A): R => {
        try {
          const result = fn(...a);
          if (result instanceof Promise) return result.finally(releaseOnce) as R;
          releaseOnce();
          return result;
        } catch (error) {
          releaseOnce();
          throw error;
        }
      };
    return new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop === 'commit' || prop === 'rollback' || prop === 'close') {
          const fn = Reflect.get(target, prop, receiver) as (...a: unknown[]) => unknown;
          return settle(fn.bind(target));
        }
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  };

  // Built once, not on every property access: these run for every statement.
  const wrapped = new Map<PropertyKey, unknown>([
    ['transaction', transaction],
    ['execute', queued(client.execute.bind(client))],
    ['batch', queued(client.batch.bind(client))],
    ['migrate', queued(client.migrate.bind(client))],
    ['executeMultiple', queued(client.executeMultiple.bind(client))],
  ]);

  return new Proxy(client, {
    get(target, prop, receiver) {
      if (wrapped.has(prop)) return wrapped.get(prop);
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
