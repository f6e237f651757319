/** A file that starts like an MP4 (an `ftyp` box, brand isom), then `size` bytes in all. */
export function mp4Bytes(size = 64 * 1024): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + 7) & 0xff;
  bytes.set([
    0,
    0,
    0,
    0x18,
    ...new TextEncoder().encode('ftypisom'),
    0,
    0,
    2,
    0,
    ...new TextEncoder().encode('isommp41'),
  ]);
  return bytes;
}

/** The EBML header of a WebM file (DocType 'webm'), then filler. */
export function webmBytes(size = 4096, docType = 'webm'): Uint8Array<ArrayBuffer> {
  const type = new TextEncoder().encode(docType);
  const header = [0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | type.length, ...type, 0x42, 0x87, 0x81, 0x04];
  const bytes = new Uint8Array(size);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length, ...header]);
  return bytes;
}
