import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/app.ts';
import { fastMember } from '../../test/fast-members.ts';
import { blankPng, pngDeclaring } from '../../test/images.ts';
import worker, { type WorkerEnv } from '../../worker.ts';
import { IMAGE_MESSAGES as M } from './constants.ts';

// Issue 34 on the Workers host, through worker.ts's fetch handler: the isolate decodes in the request, one image at
// a time, keeps a few waiting and answers the rest 503; a member has one upload in flight; the decode budget is the
// Worker's own (4 megapixels at 4 bytes a pixel). The Worker's Turso client and its wasm imports exist only under
// wrangler, so here the client is the test's own database and the codecs are compiled from node_modules.

const shared = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock('@libsql/client/web', () => ({ createClient: () => shared.client }));
vi.mock('../../lib/images/worker-wasm.ts', async () => {
  const { nodeCodecWasm } = await import('../../lib/images/node-wasm.ts');
  return { workerCodecWasm: await nodeCodecWasm() };
});

/** R2 as the blob store uses it, in memory. */
function memoryBucket() {
  const objects = new Map<string, Uint8Array>();
  const object = (bytes: Uint8Array) => ({ size: bytes.byteLength, arrayBuffer: async () => bytes.slice().buffer });
  return {
    objects,
    put: async (key: string, bytes: Uint8Array) => void objects.set(key, new Uint8Array(bytes)),
    get: async (key: string) => (objects.has(key) ? object(objects.get(key)!) : null),
    head: async (key: string) => (objects.has(key) ? object(objects.get(key)!) : null),
    delete: async (key: string) => void objects.delete(key),
  };
}

let t: TestApp;
let bucket: ReturnType<typeof memoryBucket>;
let env: WorkerEnv;
beforeEach(async () => {
  t = await createTestApp();
  shared.client = t.client;
  bucket = memoryBucket();
  env = {
    DATABASE_URL: 'libsql://league-test.turso.io',
    PUBLIC_URL: TEST_ORIGIN,
    LEAGUE_EMAIL_DOMAIN: 'wta.local',
    WAIVER_SIGNING_KEY: randomBytes(32).toString('base64url'),
    DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
    ASSETS: { fetch: async () => new Response('Not found', { status: 404 }) },
    UPLOADS: bucket,
  } as unknown as WorkerEnv;
});
afterEach(() => t.cleanup());

/** POST /api/profile/upload-image to the Worker as the member's browser would send it. */
async function upload(cookie: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('image', new File([bytes as Uint8Array<ArrayBuffer>], 'picture.png', { type: 'image/png' }));
  const request = new Request(`${TEST_ORIGIN}/api/profile/upload-image`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  const fetch = worker.fetch as unknown as (r: Request, e: WorkerEnv, ctx: unknown) => Promise<Response>;
  const res = await fetch(request, env, { waitUntil: () => {}, passThroughOnException: () => {} });
  const body = (await res.json()) as { message?: string; profileImageUrl?: string };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), ...body };
}

async function member() {
  const { agent, id } = await fastMember(t);
  return { cookie: agent.cookieHeader(), id };
}

async function pictureOf(id: string): Promise<string | null> {
  const [row] = await t.db.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, id));
  return row!.url;
}

describe('image uploads on the Worker (issue 34)', () => {
  it("answers a member's second upload 429 while the first is processed; another member's goes through", async () => {
    const [ana, ben] = [await member(), await member()];
    const [a1, a2, b] = await Promise.all([
      upload(ana.cookie, blankPng(1600, 1200)),
      upload(ana.cookie, blankPng(1200, 900)),
      upload(ben.cookie, blankPng(800, 600)),
    ]);
    expect([a1.status, a2.status].sort()).toEqual([200, 429]);
    expect(a1.status === 429 ? a1 : a2).toMatchObject({ message: M.uploadInFlight, retryAfter: '5' });
    expect(b.status).toBe(200);
    expect(await pictureOf(ben.id)).toBe(b.profileImageUrl);
    expect(bucket.objects.size).toBe(2);
  });

  it('takes one image at a time and keeps 8 waiting: a burst of 12 from 12 members gets 503 with Retry-After', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => member()));
    const answers = await Promise.all(members.map((m) => upload(m.cookie, blankPng(2048, 2048))));
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const a of busy) expect(a).toMatchObject({ message: M.busy, retryAfter: '10' });
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(busy.length + answers.filter((a) => a.status === 200).length).toBe(12);
  }, 60_000);

  it("refuses an image over the Worker's 4 megapixels with 413 naming that limit, not D23's 40", async () => {
    const { cookie, id } = await member();
    // 2500 x 2000: 5 megapixels, within D23's 40 (the Node host takes it) but over the Worker's.
    const refused = await upload(cookie, pngDeclaring(2500, 2000));
    expect(refused).toMatchObject({
      status: 413,
      message: 'Please upload an image of at most 4 megapixels and 8192 pixels on a side.',
    });
    expect(await pictureOf(id)).toBeNull();
    expect(bucket.objects.size).toBe(0);
  });

  it("refuses before decoding what exceeds the Worker's decode budget, inside its 4 megapixels", async () => {
    const { cookie, id } = await member();
    // 1600 x 1600 (2.6 megapixels) at 16 bits a channel: 20 MB to decode, over the Worker's 16 MiB.
    const refused = await upload(cookie, pngDeclaring(1600, 1600, { bitDepth: 16, colorType: 6 }));
    expect(refused).toMatchObject({ status: 413, message: M.decodeTooCostly });
    expect(await pictureOf(id)).toBeNull();
    expect(bucket.objects.size).toBe(0);
  });
});
