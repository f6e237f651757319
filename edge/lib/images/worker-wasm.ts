// The codecs' WebAssembly for the Workers host (codecs.ts): wrangler compiles each `.wasm?module` import into a
// WebAssembly.Module at deploy time (Workers may not compile WebAssembly from bytes at run time). The suffix keeps
// TypeScript on edge/wasm.d.ts instead of the packages' own `.wasm.d.ts` (which describe an instance's exports).
import jpegDecode from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module';
import jpegEncode from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm?module';
import pngDecode from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module';
import resize from '@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm?module';
import webpDecode from '@jsquash/webp/codec/dec/webp_dec.wasm?module';
import type { CodecWasm } from './codecs.ts';

export const workerCodecWasm: CodecWasm = { jpegDecode, jpegEncode, pngDecode, webpDecode, resize };
