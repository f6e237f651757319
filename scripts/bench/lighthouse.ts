// Benchmark (d): Lighthouse mobile scores (the default form factor: emulated phone, simulated slow 4G and CPU
// slowdown) of `/`, `/tournaments`, `/tournaments/{id}` (an upcoming seeded tournament), `/divisions/hoop`,
// `/bracket-archive`, `/leaderboards`, `/search` and `/player/{id}` (issue 36), RUNS runs each, median
// per category. The production build is served by the Node host on a fresh seeded database. Every run gets its own
// Chromium with a new profile, started and stopped here by PID; Lighthouse attaches to it (`--port`), so a run that
// hangs is killed whole.
//
// Each run is a first visit in a new browser session, so `/` shows the intro video overlay exactly as a real first
// visit does (000 s2): its poster is then usually the largest paint. That is measured as is, not skipped.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultDist } from './first-load.ts';
import { start, stop, waitFor } from './processes.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
/** Runs per page; LIGHTHOUSE_RUNS overrides (bounded to 1..9). */
const RUNS = Math.min(9, Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 5));
/** One Lighthouse run may take this long before it and its Chromium are killed. */
const RUN_TIMEOUT_MS = 150_000;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** shared/TOOLCHAIN.md: Debian Chromium in a container, quiet and offline-safe. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The parts of a Lighthouse result (LHR) read here. */
interface LighthouseResult {
  environment?: { benchmarkIndex?: number };
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs?: Array<{ id: string; weight: number }> }>;
  audits: Record<
    string,
    { score?: number | null; numericValue?: number; details?: { items?: Array<{ type?: string; selector?: string }> } }
  >;
}

interface RunResult {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  /** Lighthouse's measure of the host's CPU speed at the run: simulated 4x CPU multiplies what the host did. */
  benchmarkIndex: number;
  /** The main thread's work over the whole run (simulated), which TBT counts only the part of past 50 ms a task. */
  mainThreadMs: number;
  cls: number;
  lcpElement: string;
  /** Per category, the weighted audits that did not pass: what a score below 100 is made of. */
  failed: Record<(typeof CATEGORIES)[number], string[]>;
}

/** Resolves with the exit code, or kills the process group after `timeoutMs`. */
async function waitExit(child: ReturnType<typeof start>['child'], timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((done) => {
    timer = setTimeout(() => done('timeout'), timeoutMs);
  });
  const result = await Promise.race([exited, timedOut]);
  clearTimeout(timer);
  if (result === 'timeout') {
    await stop(child);
    throw new Error(`timed out after ${timeoutMs / 1000} s`);
  }
  return result;
}

/**
 * Lighthouse could not measure the page this once (its `runtimeError`: NO_NAVSTART was seen on a quiet machine, the
 * trace missing the navigation's start). Nothing is wrong with the page, so the run is tried again.
 */
class LighthouseRuntimeError extends Error {
  // A field of its own, not a parameter property: Node runs this file by stripping types, which cannot rewrite one.
  readonly code: string;
  constructor(url: string, code: string, detail: string) {
    super(`lighthouse ${url}: ${code} ${detail}`);
    this.code = code;
  }
}

/** How often a run that ended in a Lighthouse runtime error is tried again before the bench gives up. */
const RUNTIME_ERROR_RETRIES = 2;

/** One Lighthouse run against a fresh Chromium (new profile: a first visit, empty caches and session). */
async function runOnce(url: string, workDir: string, index: number): Promise<RunResult> {
  const port = await freePort();
  const profile = join(workDir, `profile-${index}`);
  const report = join(workDir, `report-${index}.json`);
  mkdirSync(profile, { recursive: true });
  const chrome = start('chromium', CHROME_PATH, [
    ...CHROME_FLAGS,
    `--remote-debugging-port=${port}`,
    `--user-data-dir=${profile}`,
    'about:blank',
  ]);
  try {
    await waitFor(`http://127.0.0.1:${port}/json/version`, (s) => s === 200, 30_000, chrome.log);
    const lighthouse = start(
      'lighthouse',
      process.execPath,
      [
        resolve(root, 'node_modules/lighthouse/cli/index.js'),
        url,
        `--port=${port}`,
        '--output=json',
        `--output-path=${report}`,
        '--quiet',
        `--only-categories=${CATEGORIES.join(',')}`,
        // Lighthouse's mobile preset, said explicitly: a Moto G Power sized screen, slow 4G and 4x CPU slowdown.
        '--form-factor=mobile',
        '--max-wait-for-load=60000',
        // LIGHTHOUSE_BLOCK: URL patterns the page may not load (comma-separated), to weigh a part's cost (ADR 054).
        ...(process.env.LIGHTHOUSE_BLOCK?.split(',').map((pattern) => `--blocked-url-patterns=${pattern}`) ?? []),
      ],
      { cwd: root, env: { ...process.env, CHROME_PATH } },
    );
    const code = await waitExit(lighthouse.child, RUN_TIMEOUT_MS).catch((error: Error) => {
      throw new Error(`lighthouse ${url}: ${error.message}\n${lighthouse.log.slice(-20).join('\n')}`);
    });
    // A runtime error (NO_NAVSTART, ...) still writes the report, then exits 1: read it first to tell the two apart.
    if (!existsSync(report)) {
      throw new Error(`lighthouse ${url} exited with ${code}\n${lighthouse.log.slice(-20).join('\n')}`);
    }
    if (process.env.LIGHTHOUSE_KEEP) cpSync(report, join(process.env.LIGHTHOUSE_KEEP, `report-${index}.json`));
    const lhr = JSON.parse(readFileSync(report, 'utf8')) as LighthouseResult;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(url, lhr.runtimeError.code, lhr.runtimeError.message);
    if (code !== 0) throw new Error(`lighthouse ${url} exited with ${code}\n${lighthouse.log.slice(-20).join('\n')}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => {
        const score = lhr.categories[c]?.score;
        if (typeof score !== 'number') throw new Error(`lighthouse ${url}: no ${c} score`);
        return [c, Math.round(score * 100)];
      }),
    ) as RunResult['scores'];
    const failed = Object.fromEntries(
      CATEGORIES.map((c) => [
        c,
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .filter((ref) => {
            const score = lhr.audits[ref.id]?.score;
            return typeof score === 'number' && score < 1;
          })
          .map((ref) => ref.id),
      ]),
    ) as RunResult['failed'];
    // Lighthouse 13 names the LCP element in the LCP breakdown insight (a 'node' item with a CSS selector).
    const lcpNode = lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
    const lcpElement = lcpNode?.selector?.split(' > ').slice(-2).join(' > ') ?? '?';
    return {
      scores,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
      mainThreadMs: lhr.audits['mainthread-work-breakdown']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      lcpElement: lcpElement.replace(/\s+/g, ' ').slice(0, 48),
      failed,
    };
  } finally {
    await stop(chrome.child);
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The most frequent value (ties: the first seen). */
function mode(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '?';
}

export const lighthouse: Benchmark = {
  name: 'lighthouse',
  description: `Lighthouse mobile (Moto G Power, slow 4G, 4x CPU) of /, /tournaments, /tournaments/{id}, /divisions/{slug}, /bracket-archive, /leaderboards, /search, /player/{id}: median of ${RUNS} runs`,
  async run() {
    if (!existsSync(CHROME_PATH)) throw new Error(`${CHROME_PATH} is missing (npm run test:e2e installs it)`);
    const dist = defaultDist;
    if (!existsSync(join(dist, 'index.html'))) {
      if (dist !== resolve(root, 'dist')) throw new Error(`no build in ${dist}`);
      console.log('[lighthouse] no dist/: npm run build');
      const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
      if (r.status !== 0) throw new Error(`build failed (exit ${r.status})`);
    }
    const dir = mkdtempSync(join(tmpdir(), 'wta-lighthouse-'));
    // A private copy of the build: another build replacing dist/ mid-run must not change what is measured.
    const distCopy = join(dir, 'dist');
    cpSync(dist, distCopy, { recursive: true });
    const hostPort = await freePort();
    const host = `http://localhost:${hostPort}`;
    // The Node host as `npm start` runs it (migrate, seed the demo league, serve API + build), on a fresh database.
    const hostProc = start('host', process.execPath, ['--import', 'tsx', resolve(root, 'scripts/e2e-host.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(hostPort),
        DATABASE_URL: `file:${join(dir, 'league.db')}`,
        UPLOADS_DIR: join(dir, 'uploads'),
        PUBLIC_URL: host,
        LEAGUE_EMAIL_DOMAIN: 'wta.local',
        E2E_DIST_DIR: distCopy,
      },
    });
    try {
      await waitFor(`${host}/api/tournaments/next`, (s) => s === 200, 180_000, hostProc.log);
      const list = (await (await fetch(`${host}/api/tournaments`)).json()) as Array<{
        id: number;
        status: string;
        startDate: string;
      }>;
      const upcoming = list
        .filter((t) => t.status === 'upcoming')
        .sort((a, b) => a.startDate.localeCompare(b.startDate))[0];
      if (!upcoming) throw new Error('the seeded league has no upcoming tournament');
      // The leaderboard's first player: a profile with points, titles and a team, as a fan would open it.
      const [player] = (await (await fetch(`${host}/api/leaderboards/players`)).json()) as Array<{ id: string }>;
      if (!player) throw new Error('the seeded league has no player on the leaderboard');

      const pages = [
        { label: '/', path: '/' },
        { label: '/tournaments', path: '/tournaments' },
        { label: '/tournaments/{id}', path: `/tournaments/${upcoming.id}` },
        { label: '/divisions/{slug}', path: '/divisions/hoop' },
        // Issue 36's eight public routes: the rest of the server-rendered pages a fan lands on.
        { label: '/bracket-archive', path: '/bracket-archive' },
        { label: '/leaderboards', path: '/leaderboards' },
        { label: '/search', path: '/search' },
        { label: '/player/{id}', path: `/player/${player.id}` },
      ];
      const rows: Row[] = [];
      const only = process.env.LIGHTHOUSE_PAGES?.split(',');
      for (const page of pages.filter((p) => !only || only.includes(p.label))) {
        const runs: RunResult[] = [];
        let attempts = 0;
        const retried: string[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const started = performance.now();
          let result: RunResult | undefined;
          for (let retry = 0; !result; retry += 1) {
            attempts += 1;
            try {
              result = await runOnce(`${host}${page.path}`, dir, attempts + pages.indexOf(page) * 100);
            } catch (error) {
              if (!(error instanceof LighthouseRuntimeError) || retry >= RUNTIME_ERROR_RETRIES) throw error;
              retried.push(error.code);
              console.log(`[lighthouse] ${page.path} run ${i + 1}/${RUNS}: ${error.message}; trying it again`);
            }
          }
          runs.push(result);
          console.log(
            `[lighthouse] ${page.path} run ${i + 1}/${RUNS}: ` +
              CATEGORIES.map((c) => `${c} ${result.scores[c]}`).join(', ') +
              `; LCP ${Math.round(result.lcpMs)} ms (${result.lcpElement}), TBT ${Math.round(result.tbtMs)} ms, ` +
              `CLS ${result.cls.toFixed(3)}, main thread ${Math.round(result.mainThreadMs)} ms, ` +
              `benchmarkIndex ${Math.round(result.benchmarkIndex)}, load ${loadavg()[0]!.toFixed(1)} ` +
              `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
          );
        }
        const retriedNote = retried.length
          ? `; ${retried.length} run(s) tried again after a Lighthouse runtime error (${retried.join(', ')})`
          : '';
        for (const category of CATEGORIES) {
          const values = runs.map((r) => r.scores[category]);
          // Performance is read from LCP / TBT / CLS below; elsewhere, name what cost points in most runs.
          const failed = category === 'performance' ? '' : mode(runs.map((r) => r.failed[category].join(', ')));
          rows.push({
            benchmark: this.name,
            metric: `${page.label} ${category}`,
            value: String(median(values)),
            note: `runs ${values.join(' ')}` + (failed ? `; not passed: ${failed}` : ''),
          });
        }
        rows.push({
          benchmark: this.name,
          metric: `${page.label} LCP / TBT / CLS`,
          value: `${Math.round(median(runs.map((r) => r.lcpMs)))} ms`,
          note:
            `TBT ${Math.round(median(runs.map((r) => r.tbtMs)))} ms, CLS ${median(runs.map((r) => r.cls)).toFixed(3)}; ` +
            `main thread ${Math.round(median(runs.map((r) => r.mainThreadMs)))} ms, ` +
            `benchmarkIndex ${Math.round(median(runs.map((r) => r.benchmarkIndex)))} (ADR 054: TBT follows the host); ` +
            `LCP element: ${mode(runs.map((r) => r.lcpElement))}` +
            (page.path === '/' ? ' (first visit: intro overlay shown)' : '') +
            retriedNote,
        });
      }
      return rows;
    } finally {
      await stop(hostProc.child);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
