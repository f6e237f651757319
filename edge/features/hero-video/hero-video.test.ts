import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settings } from '../../../db/schema/settings.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { HeroVideo } from '../tournaments/schema.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.cleanup());

const heroVideo = async () => {
  const res = await t.request('/api/hero-video');
  expect(res.status).toBe(200);
  return (await res.json()) as HeroVideo;
};

describe('GET /api/hero-video', () => {
  it("answers the league's default video until an admin chooses one", async () => {
    expect(await heroVideo()).toStrictEqual({
      videoUrl: '/media/hero.mp4',
      videoThumbnail: '/media/hero-poster.jpg',
      videoName: 'WTA League',
    });
  });

  it('answers the stored choice', async () => {
    await t.db.insert(settings).values({
      key: 'hero_video',
      value: { videoUrl: '/uploads/finals.mp4', videoThumbnail: '/uploads/finals.jpg', videoName: 'Finals Night' },
    });
    expect(await heroVideo()).toStrictEqual({
      videoUrl: '/uploads/finals.mp4',
      videoThumbnail: '/uploads/finals.jpg',
      videoName: 'Finals Night',
    });
  });

  it('answers a stored choice without a thumbnail with a null thumbnail', async () => {
    await t.db.insert(settings).values({ key: 'hero_video', value: { videoUrl: '/uploads/a.mp4', videoName: 'A' } });
    expect(await heroVideo()).toStrictEqual({ videoUrl: '/uploads/a.mp4', videoThumbnail: null, videoName: 'A' });
  });

  it('falls back to the default when the stored value is unreadable', async () => {
    await t.db.insert(settings).values({ key: 'hero_video', value: { videoName: 'No URL' } });
    expect((await heroVideo()).videoUrl).toBe('/media/hero.mp4');
  });

  it('ignores other settings', async () => {
    await t.db.insert(settings).values({ key: 'something_else', value: { videoUrl: '/x.mp4', videoName: 'X' } });
    expect((await heroVideo()).videoName).toBe('WTA League');
  });
});
