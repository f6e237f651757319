// The image thread of the Node host (node-thread.ts): runs D23's pipeline on each file it is sent, in order.
// Loaded by Node itself (type stripping), so erasable TypeScript only.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

// Linux keeps a nice value per thread, and /proc/thread-self names this one; elsewhere the thread keeps the
// process's priority.
const nice = (workerData as { nice?: number } | null)?.nice ?? 0;
if (nice !== 0) {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), nice);
  } catch {
    // Not Linux, or not allowed: the work still runs, at the process's priority.
  }
}

// Loaded once the priority is set: loading the codecs and compiling them is most of what starting a thread costs.
// (Images sent meanwhile wait in the port until the listener below is attached.)
const [{ createImageCodecs }, { checkImageHeader }, { nodeCodecWasm }, { prepareImage }] = await Promise.all([
  import('./codecs.ts'),
  import('./header.ts'),
  import('./node-wasm.ts'),
  import('./pipeline.ts'),
]);

const codecs = createImageCodecs(nodeCodecWasm);
// Compiled as the thread starts, before its first image arrives (a failure is tried again by that image).
let queue: Promise<void> = codecs.ready().catch(() => undefined);

parentPort?.on('message', (message: { id: number; bytes: Uint8Array }) => {
  queue = queue.then(async () => {
    try {
      // How many pixels a decode grew the codecs' memory to: the parent replaces the thread after a large one.
      const header = checkImageHeader(message.bytes);
      const pixels = header.ok ? header.width * header.height : 0;
      const prepared = await prepareImage(codecs, message.bytes);
      parentPort?.postMessage(
        { id: message.id, prepared, pixels },
        prepared.ok ? [prepared.bytes.buffer as ArrayBuffer] : [],
      );
    } catch (error) {
      parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
