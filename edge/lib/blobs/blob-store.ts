/**
 * D23: every stored file goes through this one interface, so the upload code never knows where files live: a folder
 * on the Node host (`UPLOADS_DIR`, folder-store.ts), the R2 bucket on Workers (r2-store.ts). Keys are flat file
 * names (`<sha256>.jpg` images, `video-<id>.mp4|webm` videos); `isBlobKey` is the only shape either store accepts,
 * so no key can climb out of its folder.
 */
export interface BlobStore {
  /** Writes the bytes under the key, replacing any earlier file of that key whole (readers never see half a file). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Streams `size` bytes into the key without holding them in memory (the 100 MB videos of D23). Nothing is stored
   * under the key when the stream fails or carries another number of bytes; the promise then rejects.
   */
  putStream(key: string, body: ReadableStream<Uint8Array>, size: number, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  get(key: string): Promise<Uint8Array | null>;
  /** A stream of the file (or of `range` of it) and the whole file's size, or null when there is no such file. */
  open(key: string, range?: BlobRange): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  /** The stored files whose key starts with `prefix`, in no particular order. */
  list(prefix: string): Promise<BlobInfo[]>;
  /** Whether a file of that key exists. */
  has(key: string): Promise<boolean>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** Bytes `offset` to `offset + length - 1` of a file. */
export interface BlobRange {
  offset: number;
  length: number;
}

export interface BlobInfo {
  key: string;
  size: number;
  uploadedAt: Date;
}

/** A stored image's key: the SHA-256 of its bytes in lowercase hex, then `.jpg` (the only image format D23 stores). */
const BLOB_KEY = /^[0-9a-f]{64}\.jpg$/;
/** A stored video's key (D23: stored as uploaded): a random 128-bit id and the extension of its sniffed format. */
const VIDEO_KEY = /^video-[0-9a-f]{32}\.(?:mp4|webm)$/;

/** The prefix every video key starts with, for `list`. */
export const VIDEO_KEY_PREFIX = 'video-';

export function isImageKey(key: string): boolean {
  return BLOB_KEY.test(key);
}

export function isVideoKey(key: string): boolean {
  return VIDEO_KEY.test(key);
}

export function isBlobKey(key: string): boolean {
  return BLOB_KEY.test(key) || VIDEO_KEY.test(key);
}

/** Refuses any key the stores were not made for, before it reaches a path or a bucket. */
export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new Error(`Not a blob key: ${JSON.stringify(key)}`);
}

/** The Content-Type a stored file is served with, by its key. */
export function blobContentType(key: string): string {
  if (key.endsWith('.mp4')) return 'video/mp4';
  if (key.endsWith('.webm')) return 'video/webm';
  return 'image/jpeg';
}
