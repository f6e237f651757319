import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit.ts';
import { videos } from '../../../db/schema/media.ts';
import { settings } from '../../../db/schema/settings.ts';
import { folderBlobStore } from '../../lib/blobs/folder-store.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import { fastMember, leagueEmail } from '../../test/fast-members.ts';
import { mp4Bytes, webmBytes } from '../../test/videos.ts';
import type { HeroVideo } from '../tournaments/schema.ts';
import { MAX_VIDEO_BYTES, VIDEO_MESSAGES as M } from './constants.ts';
import type { DriveVideo } from './videos.ts';

// D23/D24 Media: the admin's video list, uploads proved MP4 or WebM by their bytes and at most 100 MB, streamed into
// the blob store; Set as Hero Video; every admin action audited; everyone else refused.

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(200)]);

let t: TestApp;
let admin: { agent: TestAgent; id: string };
beforeEach(async () => {
  t = await createTestApp();
  admin = await fastMember(t, { role: 'admin', email: leagueEmail() });
});
afterEach(() => t.cleanup());

const upload = (agent: TestAgent, bytes: Uint8Array, name = 'Finals Night', type = 'video/mp4') =>
  // A browser states the length of a File body; a Request built in a test does not unless told.
  agent.post(`/api/admin/drive-videos?name=${encodeURIComponent(name)}`, bytes, {
    headers: { 'content-type': type, 'content-length': String(bytes.length) },
  });

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

const storedFiles = async () =>
  (await readdir(t.config.uploadsDir).catch(() => [] as string[])).filter((f) => !f.startsWith('.'));

describe('who may use the Media tab (D6)', () => {
  it('refuses guests (401), members and the foreign-domain admin (403), and stores nothing', async () => {
    const member = await fastMember(t, { isVerified: true });
    const foreign = await fastMember(t, { role: 'super_admin', email: 'boss@other-league.example' });
    const choice = { videoUrl: '/media/hero.mp4', videoThumbnail: null, videoName: 'X' };
    expect((await t.request('/api/admin/drive-videos')).status).toBe(401);
    expect((await t.request('/api/admin/drive-videos?name=x', { method: 'POST', body: mp4Bytes() })).status).toBe(401);
    for (const who of [member, foreign]) {
      expect((await who.agent.get('/api/admin/drive-videos')).status).toBe(403);
      expect((await upload(who.agent, mp4Bytes())).status).toBe(403);
      expect((await who.agent.post('/api/admin/hero-video', choice)).status).toBe(403);
    }
    expect(await storedFiles()).toEqual([]);
    expect(await t.db.select().from(settings)).toEqual([]);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });
});

describe('uploading a video', () => {
  it('stores an MP4 as it is, names it, lists it first, serves it with ranges, and audits it', async () => {
    const bytes = mp4Bytes(200_000);
    const res = await upload(admin.agent, bytes, '  Finals Night ', 'application/octet-stream');
    expect(res.status).toBe(201);
    const video = await json<DriveVideo>(res);
    expect(video).toMatchObject({
      videoName: 'Finals Night',
      contentType: 'video/mp4',
      size: 200_000,
      isDefault: false,
      isCurrent: false,
    });
    expect(video.id).toMatch(/^video-[0-9a-f]{32}\.mp4$/);
    expect(video.videoUrl).toBe(`/uploads/${video.id}`);
    expect(await storedFiles()).toEqual([video.id]);

    const list = await json<DriveVideo[]>(await admin.agent.get('/api/admin/drive-videos'));
    expect(list.map((v) => v.id)).toEqual([video.id, 'default']);
    expect(list[1]).toMatchObject({ videoUrl: '/media/hero.mp4', isDefault: true, isCurrent: true });

    const whole = await t.request(video.videoUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
    const part = await t.request(video.videoUrl, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/200000');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const tail = await t.request(video.videoUrl, { headers: { range: 'bytes=-10' } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.subarray(-10));
    expect((await t.request(video.videoUrl, { headers: { range: 'bytes=200000-' } })).status).toBe(416);
    expect((await t.request(`/uploads/video-${'0'.repeat(32)}.mp4`)).status).toBe(404);

    const [entry] = await t.db.select().from(auditLog);
    expect(entry).toMatchObject({
      action: 'video.upload',
      targetType: 'video',
      targetId: video.id,
      actorId: admin.id,
      before: null,
    });
    expect(JSON.parse(entry!.after!)).toEqual({
      key: video.id,
      name: 'Finals Night',
      contentType: 'video/mp4',
      size: 200_000,
    });
  });

  it('stores a WebM by its bytes, whatever type the browser declared', async () => {
    const res = await upload(admin.agent, webmBytes(), 'Clip', 'video/mp4');
    expect(res.status).toBe(201);
    expect(await json<DriveVideo>(res)).toMatchObject({
      contentType: 'video/webm',
      id: expect.stringMatching(/\.webm$/),
    });
  });

  it.each([
    ['a PNG image', PNG],
    ['a Matroska (not WebM) file', webmBytes(4096, 'matroska')],
    [
      'an HEIC still image',
      Uint8Array.from([
        0,
        0,
        0,
        0x18,
        ...new TextEncoder().encode('ftypheic'),
        0,
        0,
        0,
        0,
        ...new TextEncoder().encode('mif1heic'),
      ]),
    ],
    ['plain text', new TextEncoder().encode('not a video at all, even if it is called .mp4')],
  ])('refuses %s (415) and stores nothing', async (_label, bytes) => {
    const res = await upload(admin.agent, bytes, 'Fake', 'video/mp4');
    expect(res.status).toBe(415);
    expect(await json(res)).toEqual({ message: M.invalidType });
    expect(await storedFiles()).toEqual([]);
    expect(await t.db.select().from(videos)).toEqual([]);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });

  it('refuses a body over 100 MB by its length before reading it (413), an empty one, and a missing name', async () => {
    const over = await admin.agent.request('/api/admin/drive-videos?name=Big', {
      method: 'POST',
      headers: { 'content-length': String(MAX_VIDEO_BYTES + 1) },
      body: mp4Bytes(1024),
      duplex: 'half',
    } as RequestInit);
    expect(over.status).toBe(413);
    expect(await json(over)).toEqual({ message: M.tooLarge });
    const empty = await upload(admin.agent, new Uint8Array(0));
    expect(empty.status).toBe(400);
    const unnamed = await upload(admin.agent, mp4Bytes(), ' ');
    expect(unnamed.status).toBe(400);
    expect((await json<{ message: string }>(unnamed)).message).toBe(M.nameRequired);
    const unsized = await admin.agent.post('/api/admin/drive-videos?name=x', mp4Bytes());
    expect(unsized.status).toBe(411);
    expect(await storedFiles()).toEqual([]);
  });

  it('takes a video of exactly 100 MB, streamed through to the store', async () => {
    const bytes = mp4Bytes(MAX_VIDEO_BYTES);
    const res = await upload(admin.agent, bytes);
    expect(res.status).toBe(201);
    expect((await json<DriveVideo>(res)).size).toBe(MAX_VIDEO_BYTES);
  }, 60_000);
});

describe('the folder store streams whole files or nothing', () => {
  const streamOf = (...chunks: Uint8Array[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });

  it('refuses a stream longer or shorter than announced and leaves no file', async () => {
    const store = folderBlobStore(t.config.uploadsDir);
    const key = `video-${'a'.repeat(32)}.mp4`;
    await expect(
      store.putStream(key, streamOf(new Uint8Array(10), new Uint8Array(10)), 15, 'video/mp4'),
    ).rejects.toThrow(/longer/);
    await expect(store.putStream(key, streamOf(new Uint8Array(10)), 15, 'video/mp4')).rejects.toThrow(/ended/);
    expect(await readdir(t.config.uploadsDir)).toEqual([]);
    await store.putStream(key, streamOf(new Uint8Array(10), new Uint8Array(5)), 15, 'video/mp4');
    expect((await store.list('video-')).map((f) => [f.key, f.size])).toEqual([[key, 15]]);
  });
});

describe('Set as Hero Video (POST /api/admin/hero-video)', () => {
  it('sets a listed video as the landing page video, audited with before and after', async () => {
    const video = await json<DriveVideo>(await upload(admin.agent, mp4Bytes()));
    const choice = { videoUrl: video.videoUrl, videoThumbnail: null, videoName: 'Finals Night' };
    const res = await admin.agent.post('/api/admin/hero-video', choice);
    expect(res.status).toBe(200);
    expect(await json<HeroVideo>(await t.request('/api/hero-video'))).toEqual(choice);
    const list = await json<DriveVideo[]>(await admin.agent.get('/api/admin/drive-videos'));
    expect(list.map((v) => [v.id, v.isCurrent])).toEqual([
      [video.id, true],
      ['default', false],
    ]);

    // Back to the league's own video.
    const back = await admin.agent.post('/api/admin/hero-video', {
      videoUrl: '/media/hero.mp4',
      videoThumbnail: null,
      videoName: 'Anything',
    });
    expect(back.status).toBe(200);
    expect((await json<HeroVideo>(await t.request('/api/hero-video'))).videoName).toBe('WTA League');

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'heroVideo.set')).orderBy(auditLog.id);
    expect(entries.map((e) => [JSON.parse(e.before!).videoUrl, JSON.parse(e.after!).videoUrl])).toEqual([
      ['/media/hero.mp4', video.videoUrl],
      [video.videoUrl, '/media/hero.mp4'],
    ]);
    expect(
      entries.every((e) => e.actorId === admin.id && e.targetType === 'setting' && e.targetId === 'hero_video'),
    ).toBe(true);
  });

  it.each([
    [{ videoUrl: 'https://elsewhere.example/x.mp4', videoName: 'X' }, M.notAVideo],
    [{ videoUrl: `/uploads/video-${'b'.repeat(32)}.mp4`, videoName: 'Gone' }, M.notAVideo],
    [{ videoUrl: '/uploads/../../etc/passwd', videoName: 'X' }, M.notAVideo],
    [{ videoUrl: '/media/hero.mp4', videoName: ' ' }, M.nameRequired],
    [
      { videoUrl: '/media/hero.mp4', videoName: 'X', videoThumbnail: 'https://tracker.example/p.jpg' },
      'The thumbnail must be a path on this site.',
    ],
  ])('refuses %j (400) and changes nothing', async (body, message) => {
    const res = await admin.agent.post('/api/admin/hero-video', body);
    expect(res.status).toBe(400);
    expect((await json<{ message: string }>(res)).message).toBe(message);
    expect(await t.db.select().from(settings)).toEqual([]);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });
});
