import { CROP_OUTPUT_SIDE, IMAGE_TOASTS, MAX_IMAGE_BYTES } from '../../edge/features/images/constants.ts';
import { getErrorMessage, getErrorStatus } from './api-client.ts';

/** What the picker's own check finds wrong with a file before any cropping (001 s5): the toast to show, or null. */
export type FileProblem = 'invalidType' | 'tooLarge';

const TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/webp']);
const EXTENSIONS = /\.(?:jpe?g|png|webp)$/i;

/**
 * The screen's kindness check of 001 s5 (the server decides by the bytes, D23): a JPG, JPEG, PNG or WebP by its
 * declared type, or by its extension when the browser declares none; under 20 MB.
 */
export function checkImageFile(file: { name: string; type: string; size: number }): FileProblem | null {
  const typeOk = file.type ? TYPES.has(file.type.toLowerCase()) : EXTENSIONS.test(file.name);
  if (!typeOk) return 'invalidType';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  return null;
}

/** A crop in the source image's pixels, as the cropper reports it. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where to draw the crop: the source rectangle clamped to the image, and the side of the square output, at most
 * the 1024 px the server stores (a larger file would only cost upload time) and never more than the crop itself.
 */
export function cropGeometry(
  area: CropArea,
  image: { width: number; height: number },
  maxSide = CROP_OUTPUT_SIDE,
): { sx: number; sy: number; sw: number; sh: number; side: number } {
  const sx = Math.min(Math.max(0, Math.round(area.x)), image.width - 1);
  const sy = Math.min(Math.max(0, Math.round(area.y)), image.height - 1);
  const sw = Math.max(1, Math.min(Math.round(area.width), image.width - sx));
  const sh = Math.max(1, Math.min(Math.round(area.height), image.height - sy));
  return { sx, sy, sw, sh, side: Math.max(1, Math.min(maxSide, Math.round(Math.max(sw, sh)))) };
}

/** The zoom slider's value kept on its 0.1 steps within 1 to 3 (the cropper's pinch and wheel give any value). */
export function snapZoom(zoom: number, min = 1, max = 3, step = 0.1): number {
  const snapped = Math.round(zoom / step) * step;
  return Math.min(max, Math.max(min, Number(snapped.toFixed(1))));
}

/**
 * 001 s7: where the member's own picture goes. For the edit-profile page:
 * `<ImageUploadDialog<CurrentUser> {...PROFILE_IMAGE_UPLOAD} kind="image" onUploaded={(user) => set the user query}>`
 * (the answer is the updated signed-in user).
 */
export const PROFILE_IMAGE_UPLOAD = {
  url: '/api/profile/upload-image',
  field: 'image',
  fileName: 'profile-image.jpg',
} as const;

export interface UploadOptions {
  url: string;
  /** Multipart field (001 s7: `image` or `logo`). */
  field: string;
  file: Blob;
  fileName: string;
  /** 0 to 1 as the bytes leave; not called when the browser cannot tell the total. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** For tests; the browser's XMLHttpRequest otherwise (fetch reports no upload progress). */
  createRequest?: () => XMLHttpRequest;
}

/**
 * POSTs the file as multipart with the session cookie, reporting upload progress. Resolves with the JSON answer; a
 * non-OK answer rejects with the api-client's error shape (`"<status>: <body>"`), so `getErrorMessage` reads it;
 * no answer at all rejects with a plain Error.
 */
export function uploadWithProgress<T>(options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = options.createRequest?.() ?? new XMLHttpRequest();
    xhr.open('POST', options.url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(1, event.loaded / event.total));
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
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(options.field, options.file, options.fileName);
    xhr.send(form);
  });
}

/**
 * The toast for a failed upload (001 s8): the server's refusals of type and size under their own titles, anything
 * else 'Upload Failed' with the server's message, or the picture's or logo's fallback when there is none.
 */
export function uploadErrorToast(error: unknown, kind: 'image' | 'logo'): { title: string; description: string } {
  const status = getErrorStatus(error);
  const message = getErrorMessage(error);
  if (status === 415)
    return { title: IMAGE_TOASTS.invalidType.title, description: message ?? IMAGE_TOASTS.invalidType.description };
  if (status === 413)
    return { title: IMAGE_TOASTS.tooLarge.title, description: message ?? IMAGE_TOASTS.tooLarge.description };
  return { title: IMAGE_TOASTS.uploadFailed.title, description: message ?? IMAGE_TOASTS.uploadFailed[kind] };
}
