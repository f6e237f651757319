// In-process load of the three API reads of issue 12 (item 4) through the app's own fetch, no sockets: for
// `node --cpu-prof` profiles of the framework and middleware cost without autocannon on the same cores.
// Usage: node --import tsx scripts/bench/profile-api.ts [auth-user|list|detail] [seconds] [profile.cpuprofile]
// With a third argument, the load phase only (not the seeding) is profiled into that file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { openLocalDatabase } from '../../db/local.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../db/seed.ts';
import { createApp } from '../../edge/app.ts';
import { hashPassword } from '../../edge/features/auth/password.ts';
import { playDemoLeague } from '../../edge/features/competition/demo-league.ts';
import { folderBlobStore } from '../../edge/lib/blobs/folder-store.ts';
import { loadConfig } from '../../edge/lib/config.ts';
import { createImageCodecs } from '../../edge/lib/images/codecs.ts';
import { nodeCodecWasm } from '../../edge/lib/images/node-wasm.ts';
import { inlineImagePipeline } from '../../edge/lib/images/pipeline.ts';
import { withNodeSecrets } from '../../edge/lib/node-secrets.ts';

const which = process.argv[2] ?? 'detail';
const seconds = Number(process.argv[3] ?? 5);
const profileFile = process.argv[4];
/** `PROFILE_HTTP=1`: through node:http and @hono/node-server as the host serves, autocannon in this same process. */
const overHttp = process.env.PROFILE_HTTP === '1';
const CONCURRENCY = 50;

const dir = mkdtempSync(join(tmpdir(), 'wta-profile-'));
const origin = 'http://127.0.0.1:3999';
const config = withNodeSecrets(
  loadConfig({ DATABASE_URL: `file:${join(dir, 'league.db')}`, UPLOADS_DIR: join(dir, 'uploads'), PUBLIC_URL: origin }),
);
const { client, db } = await openLocalDatabase(config.databaseUrl);
await seedDemoData(db, { now: new Date(), hashPassword, includeDemoAccounts: true, waiverSigningKey: config.secrets.waiverSigningKey! });
await playDemoLeague(db, { now: new Date(), leagueEmailDomain: config.leagueEmailDomain });
const images = inlineImagePipeline(createImageCodecs(nodeCodecWasm));
const blobs = folderBlobStore(config.uploadsDir);
const { app } = createApp({ db, config, blobs, images, clockOnRead: true, clientIp: () => '127.0.0.1' });

const login = await app.fetch(
  new Request(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: 'verified@wta.local', password: DEMO_PASSWORD }),
  }),
);
const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('wta_session='))!;
const list = (await (await app.fetch(new Request(`${origin}/api/tournaments`))).json()) as { id: number; status: string }[];
const live = list.find((t) => t.status === 'live') ?? list[0]!;
const targets: Record<string, { path: string; headers: Record<string, string> }> = {
  'auth-user': { path: '/api/auth/user', headers: { cookie } },
  list: { path: '/api/tournaments', headers: {} },
  detail: { path: `/api/tournaments/${live.id}`, headers: {} },
};
const target = targets[which];
if (!target) throw new Error(`unknown endpoint ${which}`);

const latencies: number[] = [];
const deadline = performance.now() + seconds * 1000;
async function worker() {
  while (performance.now() < deadline) {
    const t0 = performance.now();
    const res = await app.fetch(new Request(`${origin}${target!.path}`, { headers: target!.headers }));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${target!.path}: ${res.status}`);
    latencies.push(performance.now() - t0);
  }
}
const session = profileFile ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}
const started = performance.now();
let summary = '';
if (overHttp) {
  const server = await new Promise<ReturnType<typeof serve>>((done) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s));
  });
  const { port } = server.address() as { port: number };
  const r = await autocannon({ url: `http://127.0.0.1:${port}${target.path}`, connections: CONCURRENCY, duration: seconds, headers: target.headers });
  summary = `${target.path} over http: ${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, non2xx ${r.non2xx}`;
  server.close();
} else {
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}
const elapsed = (performance.now() - started) / 1000;
if (session && profileFile) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(profileFile, JSON.stringify(profile));
  session.disconnect();
}
if (summary) {
  console.log(summary);
  client.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
latencies.sort((a, b) => a - b);
const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
console.log(
  `${which} ${target.path}: ${(latencies.length / elapsed).toFixed(0)} req/s in process, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${p(1)} ms (${CONCURRENCY} concurrent, ${elapsed.toFixed(1)} s)`,
);
client.close();
rmSync(dir, { recursive: true, force: true });
