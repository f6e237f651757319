// `npm start`: builds the PWA when dist/ is missing or older than its sources, then runs the Node host
// (edge/node.ts) through tsx. Runs under the project's Node 22 with native type stripping: erasable syntax
// and node: built-ins only. Every D2 variable (PORT, DATABASE_URL, ...) passes through the environment.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'dist', 'index.html');
// The page renderer (ADR 027), built by the same `npm run build`.
const builtRenderer = join(root, 'dist-server', 'entry-server.js');
// Everything `vite build` reads; a change to any of them makes dist/ stale (.env: VITE_SOCIAL_LINKS is built in).
const buildInputs = ['app', 'public', 'index.html', 'vite.config.ts', 'panda.config.ts', '.env'];

let current: { child: ChildProcess; group: boolean } | null = null;
let stopping = false;
// Whatever runs (the build or the server) receives the signal and winds down; we exit with it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopping = true;
    const running = current;
    if (!running || running.child.exitCode !== null || running.child.signalCode !== null) process.exit(1);
    // npm does not pass signals on to the script it runs: the build gets its own process group, stopped whole.
    if (running.group && running.child.pid) process.kill(-running.child.pid, signal);
    else running.child.kill(signal);
  });
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

function needsBuild(): boolean {
  if (!existsSync(builtIndex) || !existsSync(builtRenderer)) return true;
  const built = Math.min(statSync(builtIndex).mtimeMs, statSync(builtRenderer).mtimeMs);
  return buildInputs.some((input) => newestMtime(join(root, input)) > built);
}

/** Runs a child with inherited stdio (in its own process group when `group`) and resolves with its exit code. */
function run(command: string, args: string[], group = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env, detached: group });
    current = { child, group };
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

if (needsBuild()) {
  console.log(existsSync(builtIndex) ? 'App sources changed: rebuilding dist/ ...' : 'Building the app (dist/) ...');
  // Under `npm start`, npm_execpath is npm's own CLI: run it with this same Node (22) rather than PATH's.
  const npmCli = process.env.npm_execpath;
  const code = npmCli
    ? await run(process.execPath, [npmCli, 'run', 'build'], true)
    : await run('npm', ['run', 'build'], true);
  if (code !== 0 || stopping) {
    if (!stopping) console.error(`npm run build failed (exit code ${code}).`);
    process.exit(code || 1);
  }
}

// One child (node --import tsx), not tsx's CLI, so signals and the exit code pass straight through.
// A `.env` file, when present, fills in settings the environment does not already set (see .env.example).
const envFile = existsSync(join(root, '.env')) ? ['--env-file=.env'] : [];
const code = await run(process.execPath, [...envFile, '--import', 'tsx', join(root, 'edge', 'node.ts')]);
process.exit(code);
