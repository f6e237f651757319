import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Files the specs choose in the image dialogs (D23: JPG, PNG or WebP, judged by their bytes).

const publicFile = (...path: string[]) => readFileSync(join(import.meta.dirname, '..', 'public', ...path));

/** A real photo. */
export const PHOTO = { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: publicFile('media', 'hero-poster.jpg') };

/** A real PNG named .jpg: the server goes by the bytes (D23). */
export const PNG_NAMED_JPG = { name: 'club-crest.jpg', mimeType: 'image/jpeg', buffer: publicFile('icons', 'icon-512.png') };

/** A type the dialogs refuse on the spot ('Invalid File Type'). */
export const SVG = {
  name: 'crest.svg',
  mimeType: 'image/svg+xml',
  buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"></svg>'),
};
