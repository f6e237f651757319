import { describe, expect, it } from 'vitest';
import { MAX_VIDEO_BYTES } from '../../../edge/features/hero-video/constants.ts';
import { checkVideoFile, videoNameFromFile } from './video-upload.ts';

describe('the Media tab picker check (D23)', () => {
  it('takes MP4 and WebM up to 100 MB, by type or by extension when the browser declares none', () => {
    expect(checkVideoFile({ name: 'a.mp4', type: 'video/mp4', size: MAX_VIDEO_BYTES })).toBeNull();
    expect(checkVideoFile({ name: 'a.webm', type: '', size: 10 })).toBeNull();
    expect(checkVideoFile({ name: 'a.mov', type: 'video/quicktime', size: 10 })?.title).toBe('Invalid File Type');
    expect(checkVideoFile({ name: 'a.mp4', type: 'video/mp4', size: MAX_VIDEO_BYTES + 1 })?.title).toBe(
      'File Too Large',
    );
  });

  it('names a video after its file', () => {
    expect(videoNameFromFile('finals_night-2026.mp4')).toBe('finals night 2026');
  });
});
