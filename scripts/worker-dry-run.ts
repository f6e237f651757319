// `npm run worker:check`: bundles the Workers host with `wrangler deploy --dry-run` (no account, no network)
// and reports the gzipped size of the Worker script. Fails when the bundle fails or pulls in Node-only code
// (the native libSQL client, the local database helper, the migrator). Runs under the project's Node 22.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist-worker');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(`${[command, ...args].join(' ')} failed (exit code ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

// The [assets] directory must exist for wrangler to accept the configuration, and the Worker bundles the built
// page renderer (dist-server/, ADR 027).
if (!existsSync(join(root, 'dist', 'index.html')) || !existsSync(join(root, 'dist-server', 'entry-server.js'))) {
  console.log('dist/ or dist-server/ is missing: building the app first ...');
  const npmCli = process.env.npm_execpath;
  if (npmCli) run(process.execPath, [npmCli, 'run', 'build']);
  else run('npm', ['run', 'build']);
}

rmSync(outDir, { recursive: true, force: true });
run(process.execPath, [bin('wrangler'), 'deploy', '--dry-run', '--outdir', outDir], {
  ...process.env,
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
});

const scripts = readdirSync(outDir).filter((f) => f.endsWith('.js'));
if (scripts.length === 0) {
  console.error(`No Worker script was written to ${outDir}.`);
  process.exit(1);
}

// Markers of code that must never reach the Worker: Node-only modules of the embedded host.
const forbidden: [RegExp, string][] = [
  [/@libsql\/(linux|darwin|win32)|libsql-js|require\(["']libsql["']\)/, 'the native libSQL client'],
  [/openLocalDatabase/, 'db/local.ts'],
  [/readMigrationFiles|migrationsFolder/, 'the drizzle migrator'],
  [/seedDemoData|wta-demo-2025/, 'the demo seed (D18)'],
  // A bundle built for Node loads CommonJS through it, and it throws as workerd loads the Worker (issue 35, ADR 058).
  [/\bcreateRequire\(/, "a Node-only module loader (node:module's createRequire)"],
];
let failed = false;
for (const file of scripts) {
  const path = join(outDir, file);
  const code = readFileSync(path);
  const text = code.toString('utf8');
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `Worker bundle ${file}: ${kib(statSync(path).size)} raw, ${kib(gzipSync(code, { level: 9 }).length)} gzipped`,
  );
  for (const [pattern, what] of forbidden) {
    if (pattern.test(text)) {
      console.error(`  ${file} contains ${what}: the Worker must not import it.`);
      failed = true;
    }
  }
}
process.exit(failed ? 1 : 0);
