/**
 * D35: password hashing runs at most as many at once as the machine has cores, and a member's own device goes
 * first. Every scrypt call of a request (ADR 007: ~64 MiB and ~0.5 s of CPU) waits here for a slot, in one of
 * three lanes served in this order:
 * - 'trusted': a sign-in from a device holding the account's device cookie. D35 says such a device "is never held
 *   back by failures made elsewhere", so on a machine of two or more slots one slot is kept for this lane alone
 *   (however many untrusted attempts queue, a trusted sign-in finds a free slot), and while a trusted hash runs no
 *   untrusted hash starts (ADR 051).
 * - 'sign-in': every other password check (including the dummy check of an unknown e-mail).
 * - 'registration': the hash of a new account.
 * Within a lane, first come first served. A request that waited `maxWaitMs` for a slot is turned away (503 with
 * Retry-After) rather than queued without end. The slots live in memory: one set per process on Node, per isolate
 * on Workers; the limits of D35 are rows in the database (rate-limit.ts).
 */

/** Which lane a hash waits in; earlier lanes are served first. */
export type HashingLane = 'trusted' | 'sign-in' | 'registration';
const LANES: readonly HashingLane[] = ['trusted', 'sign-in', 'registration'];

/** The timer the waits are measured with; injected by tests so the 5-second rule runs without sleeping. */
export interface HashingTimer {
  set(fire: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** How long a request may wait for a hashing slot before it is answered 503 (D35). */
export const HASHING_MAX_WAIT_MS = 5000;

/** Thrown by `run` when no slot came free within the wait; the routes answer it with 503 and Retry-After. */
export class HashingBusyError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('Password hashing is busy');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface HashingSlots {
  /**
   * Runs `task` once a slot of its lane is free; rejects with HashingBusyError after the maximum wait. A trusted
   * hash names its `account`: one account has one trusted hash waiting or running at a time, and a second one at
   * once waits in the 'sign-in' lane, so one member's own device (or a stolen cookie) cannot fill the kept slot.
   */
  run<T>(lane: HashingLane, task: () => Promise<T>, account?: string): Promise<T>;
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

/** The slots kept for trusted sign-ins: one, unless that would leave nothing for everyone else. */
function slotsKeptForTrusted(slots: number): number {
  return slots >= 2 ? 1 : 0;
}

export function createHashingSlots(options: { slots: number; maxWaitMs?: number; timer?: HashingTimer }): HashingSlots {
  const slots = Math.max(1, Math.floor(options.slots));
  // Untrusted hashes (sign-ins without the cookie, registrations) never take the kept slot.
  const untrustedSlots = slots - slotsKeptForTrusted(slots);
  const maxWaitMs = options.maxWaitMs ?? HASHING_MAX_WAIT_MS;
  const timer = options.timer ?? realTimer;
  const queues: Record<HashingLane, Waiter[]> = { trusted: [], 'sign-in': [], registration: [] };
  const trustedAccounts = new Set<string>();
  let running = 0;
  let runningUntrusted = 0;

  // An untrusted hash starts only while no trusted one runs: concurrent hashes slow each other (memory bandwidth,
  // shared or contended cores), so a trusted hash shares the machine at most with the untrusted hashes already
  // running, which end within one hash time (ADR 051).
  const canStart = (lane: HashingLane) =>
    running < slots &&
    (lane === 'trusted' || (runningUntrusted < untrustedSlots && running === runningUntrusted));
  const take = (lane: HashingLane) => {
    running += 1;
    if (lane !== 'trusted') runningUntrusted += 1;
  };

  /** Hands free slots to waiters, earlier lanes first. Afterwards no waiter could start. */
  const dispatch = () => {
    for (const lane of LANES) {
      while (queues[lane].length > 0 && canStart(lane)) {
        const waiter = queues[lane].shift()!;
        timer.clear(waiter.handle);
        take(lane);
        waiter.start();
      }
    }
  };

  const release = (lane: HashingLane) => {
    running -= 1;
    if (lane !== 'trusted') runningUntrusted -= 1;
    dispatch();
  };

  const acquire = (lane: HashingLane) => {
    // Nobody waiting could start (dispatch runs on every release), so a newcomer that can start overtakes no one.
    if (canStart(lane)) {
      take(lane);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const queue = queues[lane];
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
    async run(requested, task, account) {
      const ownTurn = requested === 'trusted' && account !== undefined && !trustedAccounts.has(account);
      const lane: HashingLane = requested !== 'trusted' || ownTurn ? requested : 'sign-in';
      if (ownTurn) trustedAccounts.add(account);
      try {
        await acquire(lane);
        try {
          return await task();
        } finally {
          release(lane);
        }
      } finally {
        if (ownTurn) trustedAccounts.delete(account);
      }
    },
    get load() {
      return { running, waiting: LANES.reduce((n, lane) => n + queues[lane].length, 0) };
    },
  };
}

/**
 * Slots per process. On Node `navigator.hardwareConcurrency` is `os.availableParallelism()` (and scrypt runs on
 * libuv's thread pool, one core each). On Cloudflare Workers an isolate runs its requests on one thread and
 * reports 1, so hashes run one at a time per isolate, no slot can be kept aside, and the lanes' order decides who
 * goes next; the platform spreads load over isolates and machines.
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
