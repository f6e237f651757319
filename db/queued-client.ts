import type { Client, Transaction } from '@libsql/client';

/** How long a statement waits for an open transaction to finish before failing loudly (matches busy_timeout). */
const LOCK_WAIT_MS = 5000;

/**
 * ADR 013: one connection to the embedded file, and requests that arrive while an interactive transaction holds
 * it wait in process until it commits or rolls back. @libsql/client 0.18's pool does not wait in that case: it
 * rejects at once with TRANSACTION_ACTIVE ("This client has a single connection, which an open transaction is
 * holding"), so a GET arriving during a payment's fulfilment transaction would fail with a 500. This wrapper
 * is the waiting room: every client operation takes a FIFO lock, and a transaction keeps it until it settles.
 * A statement that waits longer than LOCK_WAIT_MS (e.g. code that uses the outer client inside its own
 * transaction) fails with a clear error instead of hanging.
 */
export function queueOnOneConnection(client: Client): Client {
  let tail: Promise<void> = Promise.resolve();

  const lock = (): Promise<() => void> => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const previous = tail;
    tail = previous.then(() => held);
    return new Promise((resolve, reject) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        // Our turn still comes; pass it straight on so the queue keeps moving.
        void previous.then(release);
        reject(new Error(`Database busy: waited ${LOCK_WAIT_MS} ms for an open transaction to finish`));
      }, LOCK_WAIT_MS);
      void previous.then(() => {
        if (timedOut) return;
        clearTimeout(timer);
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          release();
        });
      });
    });
  };

  const queued =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const release = await lock();
      try {
        return await fn(...args);
      } finally {
        release();
      }
    };

  const transaction = async (...args: Parameters<Client['transaction']>): Promise<Transaction> => {
    const release = await lock();
    let tx: Transaction;
    try {
      tx = await client.transaction(...args);
    } catch (error) {
      release();
      throw error;
    }
    const settle =
      <A extends unknown[], R>(fn: (...a: A) => R) =>
      (...a: A): R => {
        try {
          const result = fn(...a);
          if (result instanceof Promise) return result.finally(release) as R;
          release();
          return result;
        } catch (error) {
          release();
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

  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'transaction') return transaction;
      if (prop === 'execute' || prop === 'batch' || prop === 'migrate' || prop === 'executeMultiple') {
        const fn = Reflect.get(target, prop, receiver) as (...a: unknown[]) => Promise<unknown>;
        return queued(fn.bind(target));
      }
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
