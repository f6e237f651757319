import { afterEach, describe, expect, it } from 'vitest';
import { gradient, jpegFile, pngFile, SCRIPT } from '../../test/images.ts';
import { threadedImagePipeline, type ThreadedImagePipeline } from './node-thread.ts';
import { ImageBusyError } from './pipeline.ts';

// The Node host's image thread: the same pipeline, off the event loop, in order, and a stuck image never blocks the
// next one.

let pipeline: ThreadedImagePipeline | undefined;
afterEach(async () => {
  await pipeline?.close();
  pipeline = undefined;
});

describe('threadedImagePipeline', () => {
  it('re-encodes on its own thread and answers refusals the same way', async () => {
    pipeline = threadedImagePipeline();
    const [png, script] = await Promise.all([
      pipeline.prepare(await pngFile(gradient(120, 90))),
      pipeline.prepare(SCRIPT.slice()),
    ]);
    expect(png).toMatchObject({ ok: true, width: 120, height: 90, key: expect.stringMatching(/^[0-9a-f]{64}\.jpg$/) });
    expect(script).toEqual({ ok: false, refusal: 'type' });
  });

  it('keeps the event loop free while a large photo is processed', async () => {
    pipeline = threadedImagePipeline();
    await pipeline.prepare(await pngFile(gradient(16, 16))); // thread started and codecs compiled
    const photo = await jpegFile(gradient(3000, 2000));
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const prepared = await pipeline.prepare(photo);
    clearInterval(timer);
    expect(prepared).toMatchObject({ ok: true, width: 1024, height: 683 });
    expect(ticks).toBeGreaterThan(5);
  }, 60_000);

  it('answers busy when an image runs past the time limit, ending that thread', async () => {
    pipeline = threadedImagePipeline({ timeoutMs: 1 });
    const photo = await jpegFile(gradient(2000, 2000));
    await expect(pipeline.prepare(photo.slice())).rejects.toBeInstanceOf(ImageBusyError);
    // The next image starts a new thread (and, at 1 ms, runs out of time again rather than hanging).
    await expect(pipeline.prepare(photo.slice())).rejects.toBeInstanceOf(ImageBusyError);
  });
});
