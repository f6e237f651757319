import { Worker } from 'node:worker_threads';
import { ImageBusyError, type ImagePipeline, type PreparedImage } from './pipeline.ts';

/**
 * D23's pipeline on the Node host, off the event loop: WebAssembly decoding runs synchronously, and a 40-megapixel
 * photo takes seconds of CPU, during which every other request of the process would wait. One worker thread takes
 * the images one after another (the 2-core machine keeps its other core for the API). A thread that runs past
 * `timeoutMs` is ended (its job and any queued behind it answer busy, 503) and the next image starts a fresh one.
 * WebAssembly memory never shrinks, so after an image above `recycleAbovePixels` the thread is replaced too,
 * giving back the hundreds of megabytes a large decode grew it to.
 */
export interface ThreadedImagePipeline {
  prepare: ImagePipeline;
  close(): Promise<void>;
}

interface Job {
  resolve: (prepared: PreparedImage) => void;
  reject: (error: Error) => void;
}

type Reply = { id: number; prepared: PreparedImage; pixels: number } | { id: number; error: string };

export function threadedImagePipeline(
  options: {
    timeoutMs?: number;
    recycleAbovePixels?: number;
    /** Start the thread now, so the first image does not wait for it and its codecs (without holding the process). */
    warm?: boolean;
    /**
     * The thread's nice value (Linux; 0 is the process's own, 19 the lowest): a lane of background work gives way to
     * the API and the other lane when the cores are busy.
     */
    nice?: number;
  } = {},
): ThreadedImagePipeline {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const recycleAbovePixels = options.recycleAbovePixels ?? 8_000_000;
  let worker: Worker | undefined;
  let nextId = 0;
  const jobs = new Map<number, Job>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const failAll = (error: Error) => {
    for (const job of jobs.values()) job.reject(error);
    jobs.clear();
  };

  const retire = (current: Worker) => {
    if (worker === current) worker = undefined;
    void current.terminate();
  };

  const armTimer = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (jobs.size === 0 || !worker) return;
    const current = worker;
    timer = setTimeout(() => {
      retire(current);
      failAll(new ImageBusyError('The image took too long to process'));
    }, timeoutMs);
    timer.unref();
  };

  const start = (): Worker => {
    const created = new Worker(new URL('./node-thread-worker.ts', import.meta.url), {
      workerData: { nice: options.nice ?? 0 },
    });
    created.on('message', (reply: Reply) => {
      const job = jobs.get(reply.id);
      jobs.delete(reply.id);
      if ('error' in reply) job?.reject(new Error(reply.error));
      else {
        job?.resolve(reply.prepared);
        if (reply.pixels > recycleAbovePixels) retire(created);
      }
      if (jobs.size === 0) created.unref();
      armTimer();
    });
    created.on('error', (error) => {
      retire(created);
      failAll(new ImageBusyError(`The image processor stopped: ${error.message}`));
    });
    created.on('exit', () => {
      if (worker === created) {
        worker = undefined;
        failAll(new ImageBusyError('The image processor stopped'));
      }
    });
    return created;
  };

  if (options.warm) {
    worker = start();
    worker.unref();
  }

  let closed = false;
  return {
    prepare(bytes) {
      // Images still waiting for their turn when the server shuts down are answered busy, without a new thread.
      if (closed) return Promise.reject(new ImageBusyError('The server is shutting down'));
      worker ??= start();
      const current = worker;
      current.ref();
      const id = (nextId += 1);
      return new Promise<PreparedImage>((resolve, reject) => {
        jobs.set(id, { resolve, reject });
        // The bytes move to the thread without a copy; the caller does not use them again.
        const copy = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
        current.postMessage({ id, bytes: copy }, [copy.buffer as ArrayBuffer]);
        if (jobs.size === 1) armTimer();
      });
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = worker;
      worker = undefined;
      failAll(new ImageBusyError('The server is shutting down'));
      await current?.terminate();
    },
  };
}
