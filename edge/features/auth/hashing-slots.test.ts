import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHashingSlots, HashingBusyError, type HashingPriority, type HashingTimer } from './hashing-slots.ts';

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
  it('runs at most `slots` hashes at once and serves waiting sign-ins before earlier registrations', async () => {
    const { timer } = manualTimer();
    const slots = createHashingSlots({ slots: 2, timer });
    const order: string[] = [];
    const tasks = new Map<string, ReturnType<typeof heldTask>>();
    const start = (name: string, priority: HashingPriority) => {
      const task = heldTask();
      tasks.set(name, task);
      const run = slots.run(priority, () => {
        order.push(name);
        return task.run();
      });
      run.catch(() => {}); // looked at with allSettled below
      return run;
    };
    const runs = [
      start('reg-1', 'registration'),
      start('reg-2', 'registration'),
      start('reg-3', 'registration'),
      start('reg-4', 'registration'),
      start('sign-in-1', 'sign-in'),
      start('sign-in-2', 'sign-in'),
    ];
    await settle();
    expect(order).toEqual(['reg-1', 'reg-2']);
    expect(slots.load).toEqual({ running: 2, waiting: 4 });

    tasks.get('reg-1')!.finish(true);
    await settle();
    expect(order).toEqual(['reg-1', 'reg-2', 'sign-in-1']);
    // A failed hash frees its slot too.
    tasks.get('reg-2')!.finish(false);
    await settle();
    expect(order.at(-1)).toBe('sign-in-2');
    tasks.get('sign-in-1')!.finish(true);
    tasks.get('sign-in-2')!.finish(true);
    await settle();
    expect(order).toEqual(['reg-1', 'reg-2', 'sign-in-1', 'sign-in-2', 'reg-3', 'reg-4']);
    tasks.get('reg-3')!.finish(true);
    tasks.get('reg-4')!.finish(true);
    const results = await Promise.allSettled(runs);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
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
    type Step = { op: 'arrive'; priority: HashingPriority } | { op: 'finish'; pick: number } | { op: 'expire'; pick: number };
    // Arrivals outnumber the rest, so queues form in which both priorities wait.
    const step = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          op: fc.constant('arrive' as const),
          priority: fc.constantFrom<HashingPriority>('sign-in', 'registration'),
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
        // The model: who runs, who waits (in arrival order), who was turned away.
        type Job = { id: number; priority: HashingPriority; finish?: () => void; handle?: number };
        const running: Job[] = [];
        let waiting: Job[] = [];
        const started: number[] = [];
        const expectedStarts: number[] = [];
        let id = 0;
        for (const s of steps) {
          if (s.op === 'arrive') {
            const job: Job = { id: ++id, priority: s.priority };
            const before = nextHandle;
            void slots
              .run(s.priority, () => {
                started.push(job.id);
                return new Promise<void>((r) => (job.finish = r));
              })
              .catch(() => {});
            if (running.length < n) {
              running.push(job);
              expectedStarts.push(job.id);
            } else {
              job.handle = before + 1;
              waiting.push(job);
            }
          } else if (s.op === 'finish' && running.length > 0) {
            const [job] = running.splice(s.pick % running.length, 1);
            job!.finish!();
            const next = waiting.find((w) => w.priority === 'sign-in') ?? waiting[0];
            if (next) {
              waiting = waiting.filter((w) => w !== next);
              running.push(next);
              expectedStarts.push(next.id);
            }
          } else if (s.op === 'expire' && waiting.length > 0) {
            const job = waiting[s.pick % waiting.length]!;
            waiting = waiting.filter((w) => w !== job);
            handles.get(job.handle!)!();
          }
          await settle();
          expect(started).toEqual(expectedStarts);
          expect(slots.load).toEqual({ running: running.length, waiting: waiting.length });
          expect(slots.load.running).toBeLessThanOrEqual(n);
        }
        for (const job of running) job.finish?.();
      }),
      { numRuns: 150 },
    );
  });
});
