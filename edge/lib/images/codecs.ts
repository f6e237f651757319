import decodeJpeg, { init as initJpegDecode } from '@jsquash/jpeg/decode.js';
import encodeJpeg, { init as initJpegEncode } from '@jsquash/jpeg/encode.js';
import decodePng, { init as initPngDecode } from '@jsquash/png/decode.js';
import resize, { initResize } from '@jsquash/resize';
import decodeWebp, { init as initWebpDecode } from '@jsquash/webp/decode.js';
import type { ImageType } from './header.ts';

/**
 * D23's decode, resize and encode, the same WebAssembly codecs on both hosts (RESEARCH.md: sharp is Node-only; the
 * jSquash builds of Squoosh's codecs run in Node and in Workers alike), so the tests exercise the Worker's code too.
 * Each host hands over the compiled modules: Node reads them from node_modules (node-wasm.ts), a Worker imports them
 * (wrangler compiles `.wasm` imports, worker-wasm.ts), since neither can fetch them the browser's way.
 */
export interface CodecWasm {
  jpegDecode: WebAssembly.Module;
  jpegEncode: WebAssembly.Module;
  pngDecode: WebAssembly.Module;
  webpDecode: WebAssembly.Module;
  resize: WebAssembly.Module;
}

/** Pixels as the codecs pass them: RGBA, 4 bytes a pixel, row by row. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface ImageCodecs {
  /** Compiles the codecs now (the first decode does it otherwise), so a first upload does not wait for it. */
  ready(): Promise<void>;
  /** The pixels of an image of a known type; JPEGs come turned upright by their EXIF orientation. Throws on bad data. */
  decode(type: ImageType, bytes: Uint8Array): Promise<Pixels>;
  /** The image scaled to exactly width x height (Lanczos3, in linear light). */
  resize(image: Pixels, width: number, height: number): Promise<Pixels>;
  /** Baseline-compatible progressive JPEG (MozJPEG) at the given quality, 0-100; writes no metadata. */
  encodeJpeg(image: Pixels, quality: number): Promise<Uint8Array>;
}

// The emscripten glue makes ImageData itself on Node and Workers; resize() needs it before any decoder has loaded.
// (Plain fields, not parameter properties: the Node host's image thread runs this file with type stripping only.)
class PlainImageData {
  data: Uint8ClampedArray;
  width: number;
  height: number;
  constructor(data: Uint8ClampedArray, width: number, height: number) {
    this.data = data;
    this.width = width;
    this.height = height;
  }
}
const scope = globalThis as { ImageData?: unknown };
scope.ImageData ??= PlainImageData;

// The typings name only the options argument; the code also takes a compiled module first (README, "Manual init").
type EmscriptenInit = (module: WebAssembly.Module) => Promise<void>;

function exactBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? bytes.buffer
    : (bytes.slice().buffer as ArrayBuffer);
}

/** The codecs, compiled once on first use from the modules `load` gives (a failed load is tried again next time). */
export function createImageCodecs(load: () => Promise<CodecWasm>): ImageCodecs {
  let ready: Promise<void> | undefined;
  const init = () =>
    (ready ??= load()
      .then(async (wasm) => {
        await Promise.all([
          (initJpegDecode as unknown as EmscriptenInit)(wasm.jpegDecode),
          (initJpegEncode as unknown as EmscriptenInit)(wasm.jpegEncode),
          (initWebpDecode as unknown as EmscriptenInit)(wasm.webpDecode),
          initPngDecode(wasm.pngDecode),
          initResize(wasm.resize),
        ]);
      })
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      }));

  return {
    ready: init,
    async decode(type, bytes) {
      await init();
      const buffer = exactBuffer(bytes);
      if (type === 'jpeg') return decodeJpeg(buffer, { preserveOrientation: true });
      if (type === 'png') return decodePng(buffer);
      return decodeWebp(buffer);
    },
    async resize(image, width, height) {
      await init();
      return resize(image as ImageData, { width, height, method: 'lanczos3', fitMethod: 'stretch' });
    },
    async encodeJpeg(image, quality) {
      await init();
      return new Uint8Array(await encodeJpeg(image as ImageData, { quality }));
    },
  };
}
