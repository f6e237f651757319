/**
 * D23: every stored file goes through this one interface, so the upload code never knows where files live: a folder
 * on the Node host (`UPLOADS_DIR`, folder-store.ts), the R2 bucket on Workers (r2-store.ts). Keys are flat file
 * names (`<sha256>.jpg`); `isBlobKey` is the only shape either store accepts, so no key can climb out of its folder.
 */
export interface BlobStore {
  /** Writes the bytes under the key, replacing any earlier file of that key whole (readers never see half a file). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  get(key: string): Promise<Uint8Array | null>;
  /** Whether a file of that key exists. */
  has(key: string): Promise<boolean>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

/** A stored image's key: the SHA-256 of its bytes in lowercase hex, then `.jpg` (the only format D23 stores). */
const BLOB_KEY = /^[0-9a-f]{64}\.jpg$/;

export function isBlobKey(key: string): boolean {
  return BLOB_KEY.test(key);
}

/** Refuses any key the stores were not made for, before it reaches a path or a bucket. */
export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new Error(`Not a blob key: ${JSON.stringify(key)}`);
}
