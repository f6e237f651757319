/**
 * D23 and 001 s5, s8, s9: what the screens check before an upload and what the API answers. Plain values, so the
 * crop-and-upload dialog can import them without the server's image code.
 */

/** 001 s9: the upload limit, "20MB" (read as 20 MiB on both sides). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** The types a browser may declare for the files the picker offers (the server decides by the bytes). */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;

/** The picker's `accept`: the types and the extensions of 001 s5 (JPG, JPEG, PNG, WebP). */
export const IMAGE_ACCEPT = [...ACCEPTED_IMAGE_TYPES, '.jpg', '.jpeg', '.png', '.webp'].join(',');

/** Side of the square the dialog crops to before upload: the largest the server stores (D23). */
export const CROP_OUTPUT_SIDE = 1024;

/** 001 s5, s9: the cropper's zoom and the JPEG quality of the cropped file. */
export const CROP_ZOOM = { min: 1, max: 3, step: 0.1 } as const;
export const CROP_JPEG_QUALITY = 0.85;

/** Multipart field names of 001 s7. */
export const UPLOAD_FIELDS = { profile: 'image', logo: 'logo' } as const;

/**
 * D23: the header declares more pixels, or more on a side, than the host takes (413): D23's 40 megapixels and 8192
 * pixels on the Node host, 4 megapixels on a Worker (issue 35, ADR 029).
 */
export function tooManyPixelsMessage(limits: { maxPixels: number; maxSide: number }): string {
  const megapixels = Math.floor(limits.maxPixels / 1_000_000);
  return `Please upload an image of at most ${megapixels} megapixels and ${limits.maxSide} pixels on a side.`;
}

export const IMAGE_MESSAGES = {
  /** 001 s5 ('Invalid File Type'): the server's answer when the bytes are not JPEG, PNG or WebP (415). */
  invalidType: 'Please upload a JPG, PNG, or WebP image.',
  /** 001 s5 ('File Too Large'): over 20 MB (413). */
  tooLarge: 'Please upload an image smaller than 20MB.',
  /** D23: the header declares more than 40 megapixels or 8192 pixels on a side (413, the Node host). */
  tooManyPixels: tooManyPixelsMessage({ maxPixels: 40_000_000, maxSide: 8192 }),
  /**
   * Within D23's limits, but its decode would cost more than the budget (pixels x bytes per pixel, ADR 050): a
   * 16-bit PNG of more than 20 megapixels (413).
   */
  decodeTooCostly: 'This image is too large to process. Please upload it at a smaller size or with 8 bits per channel.',
  /** The member already has an upload being processed (429). */
  uploadInFlight: 'Your previous image is still being processed. Please wait for it to finish, then try again.',
  /** The request has no file in the field (400). */
  missing: 'Choose an image to upload.',
  /** The multipart body could not be read (400). */
  unreadable: 'The upload could not be read. Please try again.',
  /** The image processor could not take the file now (503). */
  busy: 'Image processing is busy. Please try again in a moment.',
} as const;

/** 001 s8: the toasts (title and description) of the upload dialogs. */
export const IMAGE_TOASTS = {
  invalidType: { title: 'Invalid File Type', description: IMAGE_MESSAGES.invalidType },
  tooLarge: { title: 'File Too Large', description: IMAGE_MESSAGES.tooLarge },
  imageUploaded: { title: 'Image Uploaded', description: 'Your profile picture has been updated.' },
  logoUploaded: { title: 'Logo Uploaded', description: 'Your team logo has been updated.' },
  logoUploadFailed: {
    title: 'Logo Upload Failed',
    description: 'Team created but logo upload failed. You can upload it later.',
  },
  /** 'Upload Failed' with the server's message, or these when it gave none; 'Upload failed' as the last default. */
  uploadFailed: { title: 'Upload Failed', image: 'Failed to upload image.', logo: 'Failed to upload logo.' },
} as const;
