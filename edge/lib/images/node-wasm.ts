import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { CodecWasm } from './codecs.ts';

const require = createRequire(import.meta.url);

async function compile(specifier: string): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(require.resolve(specifier)));
}

/** The codecs' WebAssembly for the Node host and the tests, read from node_modules (codecs.ts). */
export async function nodeCodecWasm(): Promise<CodecWasm> {
  const [jpegDecode, jpegEncode, pngDecode, webpDecode, resize] = await Promise.all([
    compile('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm'),
    compile('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm'),
    compile('@jsquash/png/codec/pkg/squoosh_png_bg.wasm'),
    compile('@jsquash/webp/codec/dec/webp_dec.wasm'),
    compile('@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm'),
  ]);
  return { jpegDecode, jpegEncode, pngDecode, webpDecode, resize };
}
