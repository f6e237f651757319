import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHarness, type TestHarness } from 'wrangler';

// Issue 35: every server-rendered page answered 500 on workerd. The page renderer's bundle (dist-server/, `vite build
// --ssr`, ADR 027) was built for Node: its runtime called `createRequire(import.meta.url)` as it loaded, for the
// CommonJS libraries that require() Node's modules, and on workerd `import.meta.url` is no file URL. Here the bundle
// is built as `npm run build` builds it, read, and then loaded and run in workerd itself (wrangler's test harness,
// local, no network), as the Worker bundles it (ADR 058).

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'wta-renderer-workerd-'));
/** `npm test` builds before Vitest runs (WTA_BUILT=1): its dist-server/ is fresh. Alone, this file builds its own. */
const prebuilt = process.env.WTA_BUILT === '1' && existsSync(join(root, 'dist-server', 'entry-server.js'));
const bundle = prebuilt ? join(root, 'dist-server') : join(work, 'dist-server');

/** The Node modules the renderer may import: both hosts have them (workerd through nodejs_compat). */
const SHARED_NODE_MODULES = ['node:async_hooks'];

function bundleFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => join(dir, file));
}

/** The wrangler.toml settings that decide what workerd offers the Worker. */
function compatibility() {
  const toml = readFileSync(join(root, 'wrangler.toml'), 'utf8');
  const date = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  const flags = /^compatibility_flags\s*=\s*\[([^\]]*)\]/m.exec(toml)?.[1];
  if (!date || flags === undefined) throw new Error('wrangler.toml names no compatibility_date or compatibility_flags');
  return { date, flags: [...flags.matchAll(/"([^"]+)"/g)].map((m) => m[1]!) };
}

let harness: TestHarness | undefined;

beforeAll(async () => {
  if (prebuilt) return;
  const env = { ...process.env };
  // Vitest's NODE_ENV=test would make Vite build for development; the build of `npm run build` is wanted.
  delete env.NODE_ENV;
  await promisify(execFile)(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', 'app/entry-server.tsx', '--outDir', bundle, '--logLevel', 'warn'],
    { cwd: root, env, maxBuffer: 16 * 1024 * 1024 },
  );
}, 300_000);

afterAll(async () => {
  await harness?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the page renderer bundle', () => {
  it('has no Node-only module loader, and imports only the Node modules workerd also has', () => {
    const files = bundleFiles(bundle);
    expect(files.length).toBeGreaterThan(1);
    const imported = new Set<string>();
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      expect(code, relative(bundle, file)).not.toMatch(/\bcreateRequire\b|["']node:module["']/);
      // Rolldown writes each import statement on a line of its own; a module of the bundle is named by a path.
      for (const m of code.matchAll(/^(?:(?:import|export)\s[^\n]*?\bfrom\s*|import\s*)"([^"./][^"]*)";?$/gm)) {
        imported.add(m[1]!);
      }
      for (const m of code.matchAll(/\bimport\(\s*"([^"./][^"]*)"\s*\)/g)) imported.add(m[1]!);
    }
    expect([...imported].sort()).toEqual(SHARED_NODE_MODULES);
  });
});

describe('the page renderer bundle in workerd', () => {
  beforeAll(async () => {
    // A Worker that loads the bundle as edge/worker.ts does (wrangler follows the import) and renders what it is asked.
    const workerFile = join(work, 'worker.js');
    const entry = `./${relative(work, join(bundle, 'entry-server.js')).replaceAll('\\', '/')}`;
    writeFileSync(
      workerFile,
      `import { isKnownPage, renderPage } from ${JSON.stringify(entry)};
const signedOut = async () => Response.json({ message: 'Not signed in' }, { status: 401 });
export default {
  async fetch(request) {
    const { pathname } = new URL(request.url);
    const page = await renderPage({ url: pathname, apiFetch: signedOut, now: Date.now(), origin: 'https://league.example' });
    return Response.json({ known: isKnownPage(pathname), status: page?.status, head: page?.head, html: page?.html });
  },
};
`,
    );
    // No network here: wrangler would otherwise fetch the `request.cf` object from Cloudflare.
    process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
    process.env.WRANGLER_SEND_METRICS = 'false';
    const { date, flags } = compatibility();
    harness = createTestHarness({
      root: work,
      workers: [
        { config: { name: 'renderer', main: './worker.js', compatibility_date: date, compatibility_flags: flags } },
      ],
    });
    await harness.listen();
  }, 300_000);

  it('loads and renders a public page in workerd', async () => {
    const res = await harness!.fetch('/terms');
    expect(res.status).toBe(200);
    const page = (await res.json()) as { known: boolean; status: number; head: string; html: string };
    expect(page.known).toBe(true);
    expect(page.status).toBe(200);
    expect(page.head).toContain('<title>Terms of Service | WTA League</title>');
    expect(page.html).toContain('Terms of Service');
  });

  it('answers a path outside the route table as unknown, with the not-found page', async () => {
    const page = (await (await harness!.fetch('/no-such-page')).json()) as { known: boolean; status: number };
    expect(page).toMatchObject({ known: false, status: 404 });
  });
});
