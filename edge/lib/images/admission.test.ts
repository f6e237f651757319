import { afterEach, describe, expect, it, vi } from 'vitest';
import { gradient, pngDeclaring, pngFile, SCRIPT } from '../../test/images.ts';
import { admittedImagePipeline, createCostQueue } from './admission.ts';
import { ImageBusyError, type PreparedImage } from './pipeline.ts';

// The image processor's admission (issue 34, ADR 050): cheapest first, a bounded queue, a bounded wait, and refusals
// by the header that never wait.

/** Turns of the event loop, so that settled promises have run their handlers. */
const settle = () => new Promise<void>((r) => setImmediate(r));

/** A queue whose tasks run until the test finishes them; the wait is measured on vitest's fake clock. */
function queueWith(options: { concurrency: number; maxWaiting: number }) {
  const queue = createCostQueue({ ...options, maxWaitMs: 10_000 });
  const order: string[] = [];
  const finishers = new Map<string, () => void>();
  const outcomes = new Map<string, string>();
  const start = (...tasks: [name: string, cost: number][]) => {
    for (const [name, cost] of tasks) {
      const held = Promise.withResolvers<void>();
      finishers.set(name, () => held.resolve());
      // Settled into `outcomes`, which the tests read.
      void queue
        .run(cost, () => {
          order.push(name);
          return held.promise;
        })
        .then(
          () => outcomes.set(name, 'done'),
          (error: unknown) =>
            outcomes.set(name, error instanceof ImageBusyError ? `busy ${error.retryAfterSeconds}` : String(error)),
        );
    }
  };
  const finish = async (...names: string[]) => {
    for (const name of names) {
      finishers.get(name)!();
      await settle();
    }
  };
  return { queue, order, outcomes, start, finish };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createCostQueue', () => {
  it('lets the cheapest waiting task go next, first come among equals', async () => {
    const q = queueWith({ concurrency: 1, maxWaiting: 10 });
    q.start(['huge-1', 160], ['huge-2', 160], ['small-1', 4], ['medium', 48], ['small-2', 4]);
    await settle();
    expect(q.order).toEqual(['huge-1']);
    expect(q.queue.load).toEqual({ running: 1, waiting: 4 });
    await q.finish('huge-1', 'small-1', 'small-2', 'medium', 'huge-2');
    expect(q.order).toEqual(['huge-1', 'small-1', 'small-2', 'medium', 'huge-2']);
    expect(q.queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('answers busy at once when the queue is full, unless the newcomer is cheaper than the dearest waiter', async () => {
    const q = queueWith({ concurrency: 1, maxWaiting: 2 });
    q.start(['running', 160], ['waiting-1', 160], ['waiting-2', 160], ['refused', 160]);
    await settle();
    expect(q.outcomes.get('refused')).toBe('busy 10');
    // A small image takes the place of the last huge one, which is refused instead.
    q.start(['small', 4]);
    await settle();
    expect(q.outcomes.get('waiting-2')).toBe('busy 10');
    expect(q.queue.load).toEqual({ running: 1, waiting: 2 });
    await q.finish('running');
    expect(q.order).toEqual(['running', 'small']);
  });

  it('answers busy, with Retry-After, a task that waited the maximum wait, and forgets it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const q = queueWith({ concurrency: 1, maxWaiting: 4 });
    q.start(['running', 160], ['waiting', 4]);
    await settle();
    vi.advanceTimersByTime(9_999);
    await settle();
    expect(q.outcomes.has('waiting')).toBe(false);
    vi.advanceTimersByTime(1);
    await settle();
    expect(q.outcomes.get('waiting')).toBe('busy 10');
    expect(q.queue.load).toEqual({ running: 1, waiting: 0 });
    await q.finish('running');
    expect(q.order).toEqual(['running']);
    // An admitted task's timer is cleared: nothing is left to fire.
    q.start(['next', 4]);
    await settle();
    expect(q.order).toEqual(['running', 'next']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('frees the place of a task that failed', async () => {
    const queue = createCostQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(1, () => Promise.reject(new Error('decoder failed')))).rejects.toThrow('decoder failed');
    await expect(queue.run(1, () => Promise.resolve('ok'))).resolves.toBe('ok');
  });
});

describe('admittedImagePipeline', () => {
  const result = (key: string): PreparedImage => ({ ok: true, bytes: new Uint8Array(), key, width: 1, height: 1 });

  it('sends each image to its lane by declared cost and answers header refusals without waiting', async () => {
    const calls: string[] = [];
    const held = Promise.withResolvers<void>();
    const pipeline = admittedImagePipeline({
      lanes: [
        { maxCost: 16 * 1024 * 1024, maxWaiting: 0, prepare: async () => (calls.push('small'), result('small')) },
        {
          maxCost: Infinity,
          maxWaiting: 0,
          prepare: async () => (calls.push('large'), await held.promise, result('large')),
        },
      ],
    });
    const huge = pngDeclaring(8000, 4800);
    const hugeRun = pipeline.prepare(huge);
    await settle();
    expect(pipeline.load).toEqual([
      { running: 0, waiting: 0 },
      { running: 1, waiting: 0 },
    ]);
    // The large lane is full (none may wait), yet a small picture goes straight through its own lane.
    await expect(pipeline.prepare(await pngFile(gradient(64, 64)))).resolves.toMatchObject({ key: 'small' });
    await expect(pipeline.prepare(pngDeclaring(8000, 4800))).rejects.toBeInstanceOf(ImageBusyError);
    // Refusals by the header never reach a lane, however full.
    await expect(pipeline.prepare(SCRIPT.slice())).resolves.toEqual({ ok: false, refusal: 'type' });
    await expect(pipeline.prepare(pngDeclaring(9000, 10))).resolves.toEqual({
      ok: false,
      refusal: 'pixels',
      maxPixels: 40_000_000,
      maxSide: 8192,
    });
    held.resolve();
    await expect(hugeRun).resolves.toMatchObject({ key: 'large' });
    expect(calls).toEqual(['large', 'small']);
  });
});
