import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/users.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { sha256Hex } from '../../lib/images/pipeline.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import {
  containsBytes,
  gradient,
  GPS_TEXT,
  jpegFile,
  jpegSegments,
  jpegWithGps,
  pngDeclaring,
  pngFile,
  SCRIPT,
  SVG,
  testCodecs,
  webpFile,
} from '../../test/images.ts';
import { IMAGE_MESSAGES as M, MAX_IMAGE_BYTES } from './constants.ts';

// POST /api/profile/upload-image and GET /uploads/{name} (D23, 001 s7) with real files: the type is known by the
// bytes, limits are checked before decoding, the stored file is a clean JPEG named by its SHA-256, and a refusal
// stores nothing and changes nothing.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.cleanup());

function stored(): string[] {
  const dir = t.config.uploadsDir;
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

function upload(agent: TestAgent, bytes: Uint8Array, name: string, type: string, field = 'image') {
  const form = new FormData();
  form.append(field, new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return agent.post('/api/profile/upload-image', form);
}

async function pictureOf(id: string): Promise<string | null> {
  const [row] = await t.db.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, id));
  return row!.url;
}

async function uploaded(res: Response): Promise<{ url: string; key: string; bytes: Uint8Array }> {
  expect(res.status).toBe(200);
  const user = (await res.json()) as CurrentUser;
  const url = user.profileImageUrl!;
  expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
  const key = url.slice('/uploads/'.length);
  return { url, key, bytes: new Uint8Array(readFileSync(join(t.config.uploadsDir, key))) };
}

describe('POST /api/profile/upload-image', () => {
  it('takes a PNG named .jpg by its bytes and stores it as a JPEG named by the SHA-256 of the stored bytes', async () => {
    const member = await t.member();
    const png = await pngFile(gradient(1600, 1200));
    const { url, key, bytes } = await uploaded(await upload(member.agent, png, 'holiday.jpg', 'image/jpeg'));
    expect(key).toBe(`${await sha256Hex(bytes)}.jpg`);
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
    const pixels = await testCodecs.decode('jpeg', bytes);
    expect([pixels.width, pixels.height]).toEqual([1024, 768]);
    expect(await pictureOf(member.id)).toBe(url);
    expect(stored()).toEqual([key]);
    // The signed-in user the app reads afterwards shows it too.
    const me = (await (await member.agent.get('/api/auth/user')).json()) as CurrentUser;
    expect(me.profileImageUrl).toBe(url);
  });

  it('stores a JPEG with GPS EXIF without any EXIF or place in it', async () => {
    const member = await t.member();
    const original = await jpegWithGps(gradient(400, 300));
    expect(containsBytes(original, GPS_TEXT)).toBe(true);
    const { bytes } = await uploaded(await upload(member.agent, original, 'IMG_0001.JPG', 'image/jpeg'));
    expect(containsBytes(bytes, 'Exif')).toBe(false);
    expect(containsBytes(bytes, GPS_TEXT)).toBe(false);
    expect(jpegSegments(bytes).filter((s) => s.marker >= 0xe1 && s.marker <= 0xef)).toEqual([]);
  });

  it('takes WebP, whatever the browser declares', async () => {
    const member = await t.member();
    await uploaded(await upload(member.agent, await webpFile(gradient(80, 80)), 'x.bin', 'application/octet-stream'));
  });

  it.each([
    ['a script named .png', SCRIPT, 'avatar.png', 'image/png', 415, M.invalidType],
    ['an SVG', SVG, 'logo.svg', 'image/svg+xml', 415, M.invalidType],
    ['an SVG named .jpg', SVG, 'logo.jpg', 'image/jpeg', 415, M.invalidType],
    ['a PNG header over no image data', pngDeclaring(10, 10), 'a.png', 'image/png', 415, M.invalidType],
  ])('refuses %s and stores nothing', async (_name, bytes, name, type, status, message) => {
    const member = await t.member();
    const res = await upload(member.agent, bytes, name, type);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ message });
    expect(stored()).toEqual([]);
    expect(await pictureOf(member.id)).toBeNull();
  });

  it('refuses a small file that declares 50,000 x 50,000 pixels before decoding it, at once', async () => {
    const member = await t.member();
    const started = performance.now();
    const res = await upload(member.agent, pngDeclaring(50_000, 50_000), 'huge.png', 'image/png');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: M.tooManyPixels });
    // Decoding would need 10 GB; the header check answers in milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(stored()).toEqual([]);
  });

  it('refuses a 21 MB file with 413 (the body limit, not a 500), and a file just over 20 MB too', async () => {
    const member = await t.member();
    const png = await pngFile(gradient(8, 8));
    const big = new Uint8Array(21 * 1024 * 1024);
    big.set(png);
    const res = await upload(member.agent, big, 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: M.tooLarge });
    const justOver = new Uint8Array(MAX_IMAGE_BYTES + 1);
    justOver.set(png);
    const over = await upload(member.agent, justOver, 'big.png', 'image/png');
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ message: M.tooLarge });
    expect(stored()).toEqual([]);
    expect(await pictureOf(member.id)).toBeNull();
  });

  it('needs a signed-in member and a file in the field named image', async () => {
    const png = await pngFile(gradient(8, 8));
    const guest = await upload(t.agent(), png, 'a.png', 'image/png');
    expect(guest.status).toBe(401);
    const member = await t.member();
    const wrongField = await upload(member.agent, png, 'a.png', 'image/png', 'logo');
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toEqual({ message: M.missing });
    const json = await member.agent.post('/api/profile/upload-image', { image: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(400);
    expect(stored()).toEqual([]);
  });

  it('keeps one file for the same picture uploaded twice, and deletes a replaced file once nobody uses it', async () => {
    const ana = await t.member();
    const ben = await t.member();
    const first = await pngFile(gradient(64, 64));
    const a1 = await uploaded(await upload(ana.agent, first, 'a.png', 'image/png'));
    const again = await uploaded(await upload(ana.agent, first, 'a-again.png', 'image/png'));
    expect(again.key).toBe(a1.key);
    const b1 = await uploaded(await upload(ben.agent, first, 'b.png', 'image/png'));
    expect(b1.key).toBe(a1.key);
    expect(stored()).toEqual([a1.key]);

    // Ana moves on: Ben still shows the first picture, so its file stays.
    const a2 = await uploaded(await upload(ana.agent, await jpegFile(gradient(48, 48)), 'new.jpg', 'image/jpeg'));
    expect(stored()).toEqual([a1.key, a2.key].sort());
    // Ben moves on too: nobody references the first picture, so it is deleted.
    const b2 = await uploaded(await upload(ben.agent, await jpegFile(gradient(40, 40)), 'new.jpg', 'image/jpeg'));
    expect(stored()).toEqual([a2.key, b2.key].sort());
    expect((await t.request(a1.url)).status).toBe(404);
  });

  it('answers the reference count from the indexes', async () => {
    const plan = await t.client.execute({
      sql: `explain query plan select (select count(*) from users where profile_image_url = ?)
              + (select count(*) from teams where logo_url = ?)`,
      args: ['/uploads/x.jpg', '/uploads/x.jpg'],
    });
    const detail = plan.rows.map((row) => String(row.detail)).join('\n');
    expect(detail).toContain('users_profile_image_idx');
    expect(detail).toContain('teams_logo_idx');
    expect(detail).not.toMatch(/SCAN (users|teams)\b/);
  });
});

describe('GET /uploads/{name}', () => {
  it('serves a stored image as JPEG with nosniff and a year of immutable caching', async () => {
    const member = await t.member();
    const { url, bytes, key } = await uploaded(
      await upload(member.agent, await pngFile(gradient(32, 32)), 'a.png', 'image/png'),
    );
    const res = await t.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    const etag = res.headers.get('etag')!;
    expect(etag).toBe(`"${key.slice(0, 64)}"`);
    const again = await t.request(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it.each([
    ['/uploads/0000000000000000000000000000000000000000000000000000000000000000.jpg'],
    ['/uploads/avatar.png'],
    ['/uploads/..%2F..%2Fdb.sqlite'],
    ['/uploads/a/b.jpg'],
  ])('answers 404 for %s', async (path) => {
    const res = await t.request(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});
