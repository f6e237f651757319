/**
 * The QR reader for the door's camera (D26, ADR 033): the browser's own BarcodeDetector where it has one (Chrome on
 * Android, ChromeOS and macOS), else the `barcode-detector` ponyfill (ZXing compiled to WebAssembly), imported only
 * here, so its ~460 kB reader is fetched only when a door opens the camera on a browser that needs it, and from this
 * origin rather than the CDN the library defaults to.
 */

export interface QrReader {
  /** The first QR code's text in the frame, or null. */
  read(source: HTMLVideoElement): Promise<string | null>;
}

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<DetectorLike | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    // Some builds expose the class without a QR reader (desktop Linux, for one).
    if (!(await Native.getSupportedFormats()).includes('qr_code')) return null;
    return new Native({ formats: ['qr_code'] });
  } catch {
    return null;
  }
}

async function ponyfillDetector(): Promise<DetectorLike> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Loads the reader now, so a missing or blocked .wasm shows as the camera's error, not as silence.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

/** A reader for this browser: native when it can read QR codes, the WebAssembly one otherwise. */
export async function createQrReader(): Promise<QrReader> {
  const detector = (await nativeDetector()) ?? (await ponyfillDetector());
  return {
    async read(source) {
      const found = await detector.detect(source);
      return found[0]?.rawValue ?? null;
    },
  };
}
