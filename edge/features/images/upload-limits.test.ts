import { existsSync, readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/users.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { nodeImageProcessor, type NodeImageProcessor } from '../../lib/images/node-lanes.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import { fastMember } from '../../test/fast-members.ts';
import { blankPng, gradient, photoJpeg, pngDeclaring, pngFile, SCRIPT } from '../../test/images.ts';
import { IMAGE_MESSAGES as M } from './constants.ts';

// Issue 34: the image processor cannot be stalled by one member. A member has one upload in flight (429), a full
// or slow queue answers 503 with Retry-After, an image whose decode would cost too much is refused before it is
// decoded, and small images have a lane of their own. The flood runs on the Node host's own image threads.

let t: TestApp;
let processor: NodeImageProcessor | undefined;
afterEach(async () => {
  await processor?.close();
  processor = undefined;
  await t.cleanup();
});

/** The app with the Node host's image processor (two lanes, each its own thread), as `npm start` runs it. */
async function nodeHostApp(options: Parameters<typeof nodeImageProcessor>[0] = {}) {
  processor = nodeImageProcessor(options);
  t = await createTestApp({ deps: { images: processor.prepare } });
}

function stored(): string[] {
  return existsSync(t.config.uploadsDir) ? readdirSync(t.config.uploadsDir) : [];
}

interface Answer {
  status: number;
  retryAfter: string | null;
  message?: string;
  user?: CurrentUser;
  /** When the answer arrived, in ms after the flood began. */
  at: number;
}

function upload(agent: TestAgent, bytes: Uint8Array, since = performance.now()): Promise<Answer> {
  const form = new FormData();
  form.append('image', new File([bytes as Uint8Array<ArrayBuffer>], 'picture', { type: 'image/png' }));
  return agent.post('/api/profile/upload-image', form).then(async (res) => {
    const body = (await res.json()) as CurrentUser & { message?: string };
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      ...(res.status === 200 ? { user: body } : { message: body.message }),
      at: performance.now() - since,
    };
  });
}

async function pictureOf(id: string): Promise<string | null> {
  const [row] = await t.db.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, id));
  return row!.url;
}

const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;

describe('an upload flood (issue 34)', () => {
  it("12 blank 39-megapixel PNGs from 6 members at once leave another member's 192 KB JPEG answered 200 and stored within 5 s", async () => {
    const blank = blankPng(8192, 4800);
    await nodeHostApp();
    const attackers = await Promise.all(Array.from({ length: 6 }, () => fastMember(t)));
    const member = await fastMember(t);
    expect(blank.byteLength).toBeLessThan(120 * 1024);
    const photo = await photoJpeg();
    expect(photo.byteLength).toBeGreaterThan(150 * 1024);
    // A server that has been up a while: its small lane's thread has started and processed a picture.
    expect(await processor!.prepare(await pngFile(gradient(64, 64)))).toMatchObject({ ok: true });

    const began = performance.now();
    const flood = attackers.flatMap((a) => [upload(a.agent, blank, began), upload(a.agent, blank, began)]);
    const normal = await upload(member.agent, photo, began);

    expect(normal.status).toBe(200);
    expect(normal.at).toBeLessThan(5000);
    const url = normal.user!.profileImageUrl!;
    expect(await pictureOf(member.id)).toBe(url);
    expect(stored()).toContain(url.slice('/uploads/'.length));

    // Stop the large lane's work rather than wait for it: what is still running or waiting is answered busy.
    await processor!.close();
    const answers = await Promise.all(flood);
    // One upload in flight per member: each attacker's second upload is refused at once.
    expect(count(answers, 429)).toBe(6);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(a).toMatchObject({ message: M.uploadInFlight, retryAfter: '5' });
      expect(a.at).toBeLessThan(normal.at);
    }
    // The large lane runs one and keeps two waiting; the rest are told to come back, none waits without end.
    expect(count(answers, 503)).toBeGreaterThanOrEqual(3);
    for (const a of answers.filter((x) => x.status === 503)) {
      expect(a.message).toBe(M.busy);
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    expect(count(answers, 200) + count(answers, 429) + count(answers, 503)).toBe(12);
    // Not stuck behind them: the picture was answered before any of the 39-megapixel images was done.
    for (const a of answers.filter((x) => x.status === 200)) expect(a.at).toBeGreaterThan(normal.at);
  }, 60_000);

  it.each([
    ['waited its longest for the large lane', { maxWaitMs: 300 }, '1'],
    ['finds the large lane with its waiting places taken', { maxWaiting: { large: 0 } }, '10'],
  ])('answers 503 with Retry-After to an image that %s', async (_name, options, retryAfter) => {
    await nodeHostApp(options);
    const [first, second] = [await fastMember(t), await fastMember(t)];
    const running = upload(first.agent, blankPng(8192, 4800));
    // The header is read before admission: once the first image has its place, the second meets a busy lane.
    await expect.poll(() => processor!.load[1]!.running).toBe(1);
    const refused = await upload(second.agent, blankPng(4096, 2048));
    expect(refused).toMatchObject({ status: 503, message: M.busy, retryAfter });
    expect(await pictureOf(second.id)).toBeNull();
    await processor!.close();
    await running;
  }, 60_000);
});

describe('one upload in flight per member', () => {
  it("answers a member's second upload 429 with Retry-After while the first is processed, and frees the place after", async () => {
    t = await createTestApp();
    const member = await fastMember(t);
    const other = await fastMember(t);
    const [a, b, c] = await Promise.all([
      upload(member.agent, await pngFile(gradient(600, 400))),
      upload(member.agent, await pngFile(gradient(300, 200))),
      // Another member is not held back by it.
      upload(other.agent, await pngFile(gradient(64, 64))),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 429]);
    const refused = a.status === 429 ? a : b;
    const done = a.status === 200 ? a : b;
    expect(refused).toMatchObject({ message: M.uploadInFlight, retryAfter: '5' });
    expect(await pictureOf(member.id)).toBe(done.user!.profileImageUrl);
    expect(c.status).toBe(200);

    // A refused upload frees the place too; the next one goes through.
    expect((await upload(member.agent, SCRIPT.slice())).status).toBe(415);
    expect((await upload(member.agent, await pngFile(gradient(32, 32)))).status).toBe(200);
  });
});

describe('the decode budget', () => {
  it('refuses before decoding a 16-bit PNG within D23 limits whose decode would cost too much, and stores nothing', async () => {
    t = await createTestApp();
    const member = await fastMember(t);
    // 39 megapixels at 8 bytes a pixel: 315 MB to decode, twice the budget. (The file holds no pixels: a decoder
    // would answer 415, so the 413 is the header's.)
    const refused = await upload(member.agent, pngDeclaring(8192, 4800, { bitDepth: 16, colorType: 6 }));
    expect(refused).toMatchObject({ status: 413, message: M.decodeTooCostly });
    expect(await pictureOf(member.id)).toBeNull();
    expect(stored()).toEqual([]);
  });
});
