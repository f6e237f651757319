// Makes sure Debian's Chromium is at /usr/bin/chromium (Playwright cannot download browsers here).
// Installs it with apt-get when missing and we are root; otherwise fails with what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

function version(): string | null {
  const r = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

if (existsSync(CHROMIUM)) {
  console.log(`[ensure-chromium] ${version() ?? CHROMIUM} found at ${CHROMIUM}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `[ensure-chromium] ${CHROMIUM} is missing and this user is not root.\n` +
      '  Install Debian Chromium: sudo apt-get update && sudo apt-get install -y chromium\n' +
      '  (or set CHROME_PATH to an existing Chromium binary).',
  );
  process.exit(1);
}

console.log('[ensure-chromium] installing Debian chromium (apt-get)...');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', 'chromium']]) {
  const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`[ensure-chromium] apt-get ${args.join(' ')} failed (exit ${r.status ?? r.signal}).`);
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM)) {
  console.error(`[ensure-chromium] apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
console.log(`[ensure-chromium] installed ${version() ?? CHROMIUM}`);
