// The image thread of the Node host (node-thread.ts): runs D23's pipeline on each file it is sent, in order.
// Loaded by Node itself (type stripping), so erasable TypeScript only.
import { parentPort } from 'node:worker_threads';
import { createImageCodecs } from './codecs.ts';
import { checkImageHeader } from './header.ts';
import { nodeCodecWasm } from './node-wasm.ts';
import { prepareImage } from './pipeline.ts';

const codecs = createImageCodecs(nodeCodecWasm);
let queue: Promise<void> = Promise.resolve();

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
