/**
 * D35: password hashing runs at most as many at once as the machine has cores, and sign-in goes first.
 * Every scrypt call of a request (ADR 007: ~64 MiB and ~0.5 s of CPU) waits here for a slot. Sign-in verification
 * waiters are served before registration waiters, so a burst of sign-ups queues behind the cores instead of
 * starving the members who are signing in (ADR 021). A request that waited `maxWaitMs` for a slot is turned away
 * (503 with Retry-After) rather than queued without end.
 */

/** Who is waiting: a member signing in (served first) or a new account being hashed. */
export type HashingPriority = 'sign-in' | 'registration';

/** The timer the waits are measured with; injected by tests so the 5-second rule runs without sleeping. */
export interface HashingTimer {
  set(fire: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** How long a request may wait for a hashing slot before it is answered 503 (D35). */
export const HASHING_MAX_WAIT_MS = 5000;

/** Thrown by `run` when no slot came free within the wait; the routes answer it with 503 and Retry-After. */
export class HashingBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Password hashing is busy');
  }
}

export interface HashingSlots {
  /** Runs `task` once a slot is free; rejects with HashingBusyError after the maximum wait. */
  run<T>(priority: HashingPriority, task: () => Promise<T>): Promise<T>;
  /** Slots in use and requests waiting, for tests and diagnostics. */
  readonly load: { running: number; waiting: number };
}

const realTimer: HashingTimer = {
  set: (fire, ms) => setTimeout(fire, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Waiter {
  start: () => void;
  handle: unknown;
}

export function createHashingSlots(options: {
  slots: number;
  maxWaitMs?: number;
  timer?: HashingTimer;
}): HashingSlots {
  const slots = Math.max(1, Math.floor(options.slots));
  const maxWaitMs = options.maxWaitMs ?? HASHING_MAX_WAIT_MS;
  const timer = options.timer ?? realTimer;
  const queues: Record<HashingPriority, Waiter[]> = { 'sign-in': [], registration: [] };
  let running = 0;

  const nextWaiter = () => queues['sign-in'].shift() ?? queues.registration.shift();

  const release = () => {
    const waiter = nextWaiter();
    if (!waiter) {
      running -= 1;
      return;
    }
    // The slot passes straight to the next waiter, so a newcomer can never overtake the queue.
    timer.clear(waiter.handle);
    waiter.start();
  };

  const acquire = (priority: HashingPriority) => {
    if (running < slots) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const queue = queues[priority];
      const waiter: Waiter = {
        start: resolve,
        handle: timer.set(() => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          reject(new HashingBusyError(Math.ceil(maxWaitMs / 1000)));
        }, maxWaitMs),
      };
      queue.push(waiter);
    });
  };

  return {
    async run(priority, task) {
      await acquire(priority);
      try {
        return await task();
      } finally {
        release();
      }
    },
    get load() {
      return { running, waiting: queues['sign-in'].length + queues.registration.length };
    },
  };
}

/**
 * Slots per process. On Node `navigator.hardwareConcurrency` is `os.availableParallelism()` (and scrypt runs on
 * libuv's thread pool, one core each). On Cloudflare Workers an isolate runs its requests on one thread and
 * reports 1, so hashes run one at a time per isolate and the queue's order decides who goes next; the platform
 * spreads load over isolates and machines.
 */
export function defaultHashingSlotCount(): number {
  const cores = typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency;
  return typeof cores === 'number' && cores >= 1 ? cores : 1;
}

let shared: HashingSlots | undefined;
/** The process's (or isolate's) one set of slots, made on first use. */
export function sharedHashingSlots(): HashingSlots {
  shared ??= createHashingSlots({ slots: defaultHashingSlotCount() });
  return shared;
}
