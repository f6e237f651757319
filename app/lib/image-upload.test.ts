import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../../edge/features/images/constants.ts';
import { checkImageFile, cropGeometry, snapZoom, uploadErrorToast, uploadWithProgress } from './image-upload.ts';

describe('checkImageFile (001 s5)', () => {
  it.each([
    [{ name: 'me.jpg', type: 'image/jpeg', size: 10 }, null],
    [{ name: 'me.JPEG', type: '', size: 10 }, null],
    [{ name: 'logo.png', type: 'image/png', size: MAX_IMAGE_BYTES }, null],
    [{ name: 'logo.webp', type: 'image/webp', size: 10 }, null],
    [{ name: 'logo.svg', type: 'image/svg+xml', size: 10 }, 'invalidType'],
    [{ name: 'clip.gif', type: 'image/gif', size: 10 }, 'invalidType'],
    [{ name: 'photo.heic', type: '', size: 10 }, 'invalidType'],
    [{ name: 'big.jpg', type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 }, 'tooLarge'],
  ])('%o -> %s', (file, problem) => {
    expect(checkImageFile(file)).toBe(problem);
  });
});

describe('snapZoom', () => {
  it('keeps any zoom on the 0.1 steps from 1 to 3', () => {
    fc.assert(
      fc.property(fc.double({ min: -5, max: 10, noNaN: true }), (zoom) => {
        const snapped = snapZoom(zoom);
        expect(snapped).toBeGreaterThanOrEqual(1);
        expect(snapped).toBeLessThanOrEqual(3);
        expect(Math.abs(snapped * 10 - Math.round(snapped * 10))).toBeLessThan(1e-9);
      }),
    );
    expect(snapZoom(1.1000000000000001)).toBe(1.1);
    expect(snapZoom(2.96)).toBe(3);
  });
});

describe('cropGeometry', () => {
  it('draws a square at most 1024 px, never larger than the crop, inside the image', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9000 }),
        fc.integer({ min: 1, max: 9000 }),
        fc.double({ min: -50, max: 9000, noNaN: true }),
        fc.double({ min: -50, max: 9000, noNaN: true }),
        fc.double({ min: 0.5, max: 9000, noNaN: true }),
        (width, height, x, y, size) => {
          const g = cropGeometry({ x, y, width: size, height: size }, { width, height });
          expect(g.side).toBeGreaterThanOrEqual(1);
          expect(g.side).toBeLessThanOrEqual(1024);
          expect(g.sx).toBeGreaterThanOrEqual(0);
          expect(g.sy).toBeGreaterThanOrEqual(0);
          expect(g.sx + g.sw).toBeLessThanOrEqual(width);
          expect(g.sy + g.sh).toBeLessThanOrEqual(height);
        },
      ),
    );
    expect(cropGeometry({ x: 100, y: 50, width: 3000, height: 3000 }, { width: 4000, height: 3100 }).side).toBe(1024);
    expect(cropGeometry({ x: 0, y: 0, width: 300, height: 300 }, { width: 300, height: 400 }).side).toBe(300);
  });
});

/** Just enough of XMLHttpRequest for uploadWithProgress: records what was sent, answers when told. */
class FakeRequest {
  method = '';
  url = '';
  withCredentials = false;
  sent: FormData | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

describe('uploadWithProgress', () => {
  it('posts the file as multipart with the cookie, reports progress and resolves with the JSON answer', async () => {
    const request = new FakeRequest();
    const progress: number[] = [];
    const done = uploadWithProgress<{ logoUrl: string }>({
      url: '/api/teams/7/upload-logo',
      field: 'logo',
      file: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
      fileName: 'team-logo.jpg',
      onProgress: (f) => progress.push(f),
      createRequest: () => request as unknown as XMLHttpRequest,
    });
    expect([request.method, request.url, request.withCredentials]).toEqual(['POST', '/api/teams/7/upload-logo', true]);
    const file = request.sent!.get('logo') as File;
    expect(file.name).toBe('team-logo.jpg');
    expect(file.size).toBe(3);
    request.upload.onprogress!({ lengthComputable: true, loaded: 50, total: 200 });
    request.upload.onprogress!({ lengthComputable: false, loaded: 60, total: 0 });
    request.upload.onprogress!({ lengthComputable: true, loaded: 200, total: 200 });
    request.answer(200, '{"logoUrl":"/uploads/abc.jpg"}');
    await expect(done).resolves.toEqual({ logoUrl: '/uploads/abc.jpg' });
    expect(progress).toEqual([0.25, 1]);
  });

  it('rejects a refusal in the api-client error shape, so its message and status can be read', async () => {
    const request = new FakeRequest();
    const done = uploadWithProgress({
      url: '/api/profile/upload-image',
      field: 'image',
      file: new Blob(['x']),
      fileName: 'profile-image.jpg',
      createRequest: () => request as unknown as XMLHttpRequest,
    });
    request.answer(415, JSON.stringify({ message: IMAGE_MESSAGES.invalidType }));
    const error = await done.catch((e: unknown) => e);
    expect(uploadErrorToast(error, 'image')).toEqual({
      title: 'Invalid File Type',
      description: 'Please upload a JPG, PNG, or WebP image.',
    });
  });
});

describe('uploadErrorToast (001 s8)', () => {
  it.each([
    [
      new Error(`413: ${JSON.stringify({ message: IMAGE_MESSAGES.tooLarge })}`),
      'logo',
      'File Too Large',
      IMAGE_MESSAGES.tooLarge,
    ],
    [new Error('500: {"message":"Internal server error"}'), 'image', 'Upload Failed', 'Internal server error'],
    [new Error('502: <html>Bad gateway</html>'), 'image', 'Upload Failed', 'Failed to upload image.'],
    [new Error('The upload could not reach the server'), 'logo', 'Upload Failed', 'Failed to upload logo.'],
  ] as const)('%s (%s) -> %s', (error, kind, title, description) => {
    expect(uploadErrorToast(error, kind)).toEqual({ title, description });
  });
});
