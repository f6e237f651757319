// The build the e2e servers serve (scripts/e2e-server.ts, scripts/e2e-worker-server.ts): made first unless the test
// runner already did (WTA_BUILT=1), so `npm run test:e2e` alone never tests stale files.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Runs `npm run build` unless WTA_BUILT=1 and dist/ and dist-server/ hold a build; exits when the build fails. */
export function ensureBuilt(tag: string): void {
  if (
    process.env.WTA_BUILT === '1' &&
    existsSync(resolve(root, 'dist/index.html')) &&
    existsSync(resolve(root, 'dist-server/entry-server.js'))
  ) {
    return;
  }
  console.log(`[${tag}] building the app (npm run build)`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`[${tag}] build failed`);
    process.exit(build.status ?? 1);
  }
}
