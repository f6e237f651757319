import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHashingSlots, HashingBusyError, type HashingLane, type HashingTimer } from './hashing-slots.ts';

/** A timer the test fires by hand: "5 seconds have passed" without sleeping. */
function manualTimer() {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timer: HashingTimer = {
    set: (fire) => {
      next += 1;
      pending.set(next, fire);
      return next;
    },
    clear: (handle) => {
      pending.delete(handle as number);
    },
  };
  return {
    timer,
    pending,
    /** Fires the oldest pending timer, as if it had run out. */
    fireOldest() {
      const [handle, fire] = pending.entries().next().value!;
      pending.delete(handle);
      fire();
    },
  };
}

/** A task that runs until the test finishes it. */
function heldTask() {
  let finish!: (ok: boolean) => void;
  let started = false;
  const done = new Promise<void>((resolve, reject) => {
    finish = (ok) => (ok ? resolve() : reject(new Error('task failed')));
  });
  return {
    run: () => {
      started = true;
      return done;
    },
    get started() {
      return started;
    },
    finish,
  };
}

const settle = () => new Promise<void>((r) => setImmediate(r));

describe('hashing slots (D35)', () => {
  /** Starts held tasks by name and records the order in which they got a slot. */
  function harness(slots: ReturnType<typeof createHashingSlots>) {
    const order: string[] = [];
    const tasks = new Map<string, ReturnType<typeof heldTask>>();
    const runs: Promise<void>[] = [];
    const start = (name: string, lane: HashingLane, account?: string) => {
      const task = heldTask();
      tasks.set(name, task);
      const run = slots.run(
        lane,
        () => {
          order.push(name);
          return task.run();
        },
        account,
      );
      run.catch(() => {}); // looked at with allSettled
      runs.push(run);
    };
    const finish = async (name: string, ok = true) => {
      tasks.get(name)!.finish(ok);
      await settle();
    };
    return { order, start, finish, runs };
  }

  it('keeps one of two slots for trusted sign-ins: one is served at once while untrusted attempts fill the queue', async () => {
    const { timer } = manualTimer();
    const slots = createHashingSlots({ slots: 2, timer });
    const { order, start, finish, runs } = harness(slots);
    start('reg-1', 'registration');
    start('reg-2', 'registration');
    start('sign-in-1', 'sign-in');
    start('sign-in-2', 'sign-in');
    await settle();
    // Untrusted work gets one slot of two, however much of it waits.
    expect(order).toEqual(['reg-1']);
    expect(slots.load).toEqual({ running: 1, waiting: 3 });

    start('trusted-a', 'trusted', 'a@example.test');
    await settle();
    expect(order).toEqual(['reg-1', 'trusted-a']);
    start('trusted-b', 'trusted', 'b@example.test');
    await settle();
    expect(slots.load).toEqual({ running: 2, waiting: 4 });

    // A freed slot goes to the trusted lane first, then sign-in before registration (each in arrival order)...
    await finish('reg-1');
    expect(order.at(-1)).toBe('trusted-b');
    // While a trusted hash runs no untrusted one starts, so it shares the machine only with those already running.
    await finish('trusted-a');
    expect(order.at(-1)).toBe('trusted-b');
    expect(slots.load).toEqual({ running: 1, waiting: 3 });
    await finish('trusted-b');
    expect(order.at(-1)).toBe('sign-in-1');
    // The kept slot stays free for the next trusted sign-in rather than go to untrusted work.
    expect(slots.load).toEqual({ running: 1, waiting: 2 });
    // A failed hash frees its slot too.
    await finish('sign-in-1', false);
    await finish('sign-in-2');
    await finish('reg-2');
    expect(order).toEqual(['reg-1', 'trusted-a', 'trusted-b', 'sign-in-1', 'sign-in-2', 'reg-2']);
    const results = await Promise.allSettled(runs);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it("with one slot (a Worker's isolate) a trusted sign-in waits only for the running hash, ahead of the queue", async () => {
    const { timer } = manualTimer();
    const slots = createHashingSlots({ slots: 1, timer });
    const { order, start, finish } = harness(slots);
    start('sign-in-1', 'sign-in');
    start('sign-in-2', 'sign-in');
    start('reg-1', 'registration');
    start('trusted', 'trusted', 'a@example.test');
    await settle();
    expect(order).toEqual(['sign-in-1']);
    await finish('sign-in-1');
    expect(order).toEqual(['sign-in-1', 'trusted']);
    await finish('trusted');
    await finish('sign-in-2');
    await finish('reg-1');
    expect(order).toEqual(['sign-in-1', 'trusted', 'sign-in-2', 'reg-1']);
  });

  it("one account has one trusted hash at a time: a second at once waits in the sign-in lane", async () => {
    const { timer } = manualTimer();
    const slots = createHashingSlots({ slots: 2, timer });
    const { order, start, finish } = harness(slots);
    start('reg-1', 'registration');
    start('trusted-1', 'trusted', 'a@example.test');
    start('trusted-2', 'trusted', 'a@example.test');
    start('other', 'trusted', 'b@example.test');
    await settle();
    expect(order).toEqual(['reg-1', 'trusted-1']);
    // The other account's trusted sign-in goes before the same account's second one.
    await finish('trusted-1');
    expect(order.at(-1)).toBe('other');
    await finish('reg-1');
    await finish('other');
    expect(order.at(-1)).toBe('trusted-2');
    await finish('trusted-2');
    // Once its hash is done, the account's next trusted sign-in has the kept slot again.
    start('reg-2', 'registration');
    start('trusted-3', 'trusted', 'a@example.test');
    await settle();
    expect(order.slice(-2)).toEqual(['reg-2', 'trusted-3']);
  });

  it('turns away a request that waited the maximum for a slot (503 with Retry-After), and only that one', async () => {
    const clock = manualTimer();
    const slots = createHashingSlots({ slots: 1, maxWaitMs: 5000, timer: clock.timer });
    const holder = heldTask();
    const held = slots.run('registration', holder.run);
    const late = slots.run('registration', async () => 'hashed');
    const later = slots.run('sign-in', async () => 'verified');
    await settle();
    expect(clock.pending.size).toBe(2);

    clock.fireOldest(); // the first waiter has waited 5 s
    const error = await late.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HashingBusyError);
    expect((error as HashingBusyError).retryAfterSeconds).toBe(5);
    expect(slots.load).toEqual({ running: 1, waiting: 1 });

    holder.finish(true);
    await held;
    expect(await later).toBe('verified');
    // The waiter that got its slot no longer has a timer that could turn it away.
    expect(clock.pending.size).toBe(0);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it('keeps its rules under any order of arrivals, finished hashes and expired waits (property)', async () => {
    type Step =
      | { op: 'arrive'; lane: HashingLane; account: string }
      | { op: 'finish'; pick: number }
      | { op: 'expire'; pick: number };
    const LANES: HashingLane[] = ['trusted', 'sign-in', 'registration'];
    // Arrivals outnumber the rest, so queues form in which every lane waits.
    const step = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          op: fc.constant('arrive' as const),
          lane: fc.constantFrom(...LANES),
          account: fc.constantFrom('a', 'b'),
        }),
      },
      { weight: 2, arbitrary: fc.record({ op: fc.constant('finish' as const), pick: fc.nat() }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('expire' as const), pick: fc.nat() }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.array(step, { minLength: 5, maxLength: 40, size: 'max' }), async (n, steps: Step[]) => {
        const handles = new Map<number, () => void>();
        let nextHandle = 0;
        const timer: HashingTimer = {
          set: (fire) => (handles.set(++nextHandle, fire), nextHandle),
          clear: (h) => void handles.delete(h as number),
        };
        const slots = createHashingSlots({ slots: n, timer });
        // The model: one slot of two or more is kept for the trusted lane; no untrusted hash starts while a
        // trusted one runs; an account's second trusted hash at once waits as a sign-in; a freed slot goes to the
        // first lane that may use it, in arrival order.
        const untrustedSlots = n >= 2 ? n - 1 : n;
        type Job = { id: number; lane: HashingLane; trustedAccount?: string; finish?: () => void; handle?: number };
        let running: Job[] = [];
        let waiting: Job[] = [];
        const started: number[] = [];
        const expectedStarts: number[] = [];
        const busyAccounts = () => new Set([...running, ...waiting].map((j) => j.trustedAccount).filter(Boolean));
        const canStart = (lane: HashingLane) =>
          running.length < n &&
          (lane === 'trusted' ||
            (running.every((j) => j.lane !== 'trusted') && running.length < untrustedSlots));
        const dispatch = () => {
          for (const lane of LANES) {
            for (let next = waiting.find((w) => w.lane === lane); next && canStart(lane); next = waiting.find((w) => w.lane === lane)) {
              const job = next;
              waiting = waiting.filter((w) => w !== job);
              running.push(job);
              expectedStarts.push(job.id);
            }
          }
        };
        let id = 0;
        for (const s of steps) {
          if (s.op === 'arrive') {
            const ownTurn = s.lane === 'trusted' && !busyAccounts().has(s.account);
            const job: Job = {
              id: ++id,
              lane: s.lane === 'trusted' && !ownTurn ? 'sign-in' : s.lane,
              trustedAccount: ownTurn ? s.account : undefined,
            };
            const before = nextHandle;
            void slots
              .run(
                s.lane,
                () => {
                  started.push(job.id);
                  return new Promise<void>((r) => (job.finish = r));
                },
                s.account,
              )
              .catch(() => {});
            if (canStart(job.lane)) {
              running.push(job);
              expectedStarts.push(job.id);
            } else {
              job.handle = before + 1;
              waiting.push(job);
            }
          } else if (s.op === 'finish' && running.length > 0) {
            const job = running[s.pick % running.length]!;
            running = running.filter((r) => r !== job);
            job.finish!();
            dispatch();
          } else if (s.op === 'expire' && waiting.length > 0) {
            const job = waiting[s.pick % waiting.length]!;
            waiting = waiting.filter((w) => w !== job);
            handles.get(job.handle!)!();
          }
          await settle();
          expect(started).toEqual(expectedStarts);
          expect(slots.load).toEqual({ running: running.length, waiting: waiting.length });
          expect(running.filter((j) => j.lane !== 'trusted').length).toBeLessThanOrEqual(untrustedSlots);
        }
        for (const job of running) job.finish?.();
      }),
      { numRuns: 200 },
    );
  });
});
