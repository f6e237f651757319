import { MAX_VIDEO_BYTES, VIDEO_MESSAGES } from '../../../edge/features/hero-video/constants.ts';

const TYPES = new Set(['video/mp4', 'video/webm']);
const EXTENSIONS = /\.(?:mp4|webm)$/i;

/** The picker's kindness check (the server decides by the bytes, D23): the toast to show, or null. */
export function checkVideoFile(file: {
  name: string;
  type: string;
  size: number;
}): { title: string; description: string } | null {
  const typeOk = file.type ? TYPES.has(file.type.toLowerCase()) : EXTENSIONS.test(file.name);
  if (!typeOk) return { title: 'Invalid File Type', description: VIDEO_MESSAGES.invalidType };
  if (file.size > MAX_VIDEO_BYTES) return { title: 'File Too Large', description: VIDEO_MESSAGES.tooLarge };
  return null;
}

/** A display name from a file name: without its extension, separators read as spaces, at most 100 characters. */
export function videoNameFromFile(fileName: string): string {
  return fileName
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .slice(0, 100);
}

/**
 * POSTs the file itself as the body (D23: the server streams it into the blob store), reporting progress from 0 to 1.
 * Resolves with the JSON answer; a non-OK answer rejects with the api-client's `"<status>: <body>"` error shape.
 */
export function uploadVideo<T>(
  file: Blob,
  name: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/drive-videos?name=${encodeURIComponent(name)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new Error(`${xhr.status}: ${xhr.responseText}`));
        }
        return;
      }
      reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
    };
    xhr.onerror = () => reject(new Error('The upload could not reach the server'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
