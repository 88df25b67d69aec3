// `npm test`: every check of the repository, as phases in two lanes that run side by side (one per
// core of the machines we have): the browser journeys, the longest phase, start as soon as the web
// app is built; everything else runs in the other lane, the unit tests last: they keep both cores
// busy on their own, where the API tests (one file at a time) would leave one idle once the journeys
// end. Each phase's output is printed when it ends, then a table of the seconds each phase took and
// one line of test counts (CI reads that line).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'meridian-test-'));
// The API tests and the journeys start from one demo database, seeded by whichever needs it first.
const demoDatabase = mkdtempSync(join(tmpdir(), 'meridian-test-demo-'));
process.env.MERIDIAN_TEST_DEMO_DIR = demoDatabase;

const typecheck = ['packages/domain', 'apps/server', 'apps/web', 'e2e', 'bench'].map((workspace) => [bin('tsc'), '-p', workspace]);
const vitest = (...projects) => [bin('vitest'), 'run', ...projects.flatMap((project) => ['--project', project])];

/**
 * The seconds the API tests spent on each database (both run in one file, one after the other):
 * the durations of the tests of each database's suites, named `… [pglite]` / `… [postgres]`.
 */
function secondsPerDatabase(summary) {
  const seconds = { PGlite: 0, PostgreSQL: 0 };
  for (const file of summary.testResults) {
    for (const test of file.assertionResults) {
      const kind = /\[(pglite|postgres)\]/.exec(test.ancestorTitles.join(' '))?.[1];
      if (kind) seconds[kind === 'pglite' ? 'PGlite' : 'PostgreSQL'] += (test.duration ?? 0) / 1000;
    }
  }
  return seconds;
}

/** Each phase: its commands, how many of them run at once, and what its test report breaks down into. */
const phases = {
  typecheck: { commands: typecheck, parallel: 2 },
  lint: { commands: [[bin('eslint'), '.'], [bin('prettier'), '--check', '.'], [bin('knip')]], parallel: 2 },
  build: { commands: [['npm', 'run', 'build', '-w', 'apps/web']] },
  unit: { commands: [vitest('domain', 'web')] },
  API: { commands: [vitest('server')], breakdown: secondsPerDatabase },
  journeys: { commands: [vitest('e2e')] },
};
const lanes = [
  ['build', 'journeys'],
  ['typecheck', 'lint', 'API', 'unit'],
];

/** Runs a command, its output kept to print in one piece; a vitest run also writes a JSON report. */
function run(command, report) {
  const [file, ...args] = report ? [...command, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`] : command;
  return new Promise((resolve) => {
    // Piped, a command would drop its colours; keep them when the output goes to a terminal anyway.
    const child = spawn(file, args, { cwd: root, env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (text) => (output += text));
    child.on('error', (error) => resolve({ ok: false, output: `${command.join(' ')}: ${error.message}\n` }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

/** A vitest JSON report; a run that wrote none counts as one failed test. */
function readReport(report) {
  try {
    return JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    return { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0, testResults: [] };
  }
}

async function runPhase(name) {
  const { commands, parallel = 1, breakdown } = phases[name];
  const started = performance.now();
  console.log(`▶ ${name} started`);
  const results = [];
  const queue = commands.entries();
  const worker = async () => {
    for (const [index, command] of queue) {
      const report = command[0] === bin('vitest') ? join(reports, `${name}-${index}.json`) : undefined;
      const commandStarted = performance.now();
      const result = await run(command, report);
      results[index] = { command, report, seconds: (performance.now() - commandStarted) / 1000, ...result };
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  const seconds = (performance.now() - started) / 1000;
  const ok = results.every((result) => result.ok);
  const summaries = results.filter((result) => result.report).map((result) => readReport(result.report));
  const tests = summaries.map((summary) => ({
    passed: summary.numPassedTests,
    failed: summary.numFailedTests,
    skipped: summary.numPendingTests + summary.numTodoTests,
  }));
  console.log(`\n${ok ? '✔' : '✘'} ${name} (${seconds.toFixed(0)} s)`);
  for (const { command, seconds: commandSeconds, output } of results) {
    console.log(
      `\n$ ${command.map((part) => part.replace(`${root}/node_modules/.bin/`, '')).join(' ')}  (${commandSeconds.toFixed(0)} s)\n${output.trimEnd()}`,
    );
  }
  return { name, seconds, ok, tests, parts: breakdown && summaries[0] ? breakdown(summaries[0]) : {} };
}

const started = performance.now();
const done = (
  await Promise.all(
    lanes.map(async (lane) => {
      const finished = [];
      for (const name of lane) finished.push(await runPhase(name));
      return finished;
    }),
  )
).flat();
const total = (performance.now() - started) / 1000;
for (const folder of [reports, demoDatabase]) rmSync(folder, { recursive: true, force: true });

const sum = (tests, key) => tests.reduce((n, t) => n + t[key], 0);
const totals = { passed: 0, failed: 0, skipped: 0 };
console.log(`\n${'phase'.padEnd(14)} seconds  result`);
for (const name of Object.keys(phases)) {
  const { seconds, ok, tests, parts } = done.find((phase) => phase.name === name);
  const passed = sum(tests, 'passed');
  const failed = sum(tests, 'failed');
  for (const key of Object.keys(totals)) totals[key] += sum(tests, key);
  console.log(
    `${name.padEnd(14)} ${seconds.toFixed(0).padStart(7)}  ${ok ? 'ok' : 'FAILED'}${tests.length ? `  ${passed} passed, ${failed} failed` : ''}`,
  );
  for (const [part, partSeconds] of Object.entries(parts))
    console.log(`${`  ${part}`.padEnd(14)} ${partSeconds.toFixed(0).padStart(7)}  (its tests' own time)`);
}
console.log(`${'total'.padEnd(14)} ${total.toFixed(0).padStart(7)}  (the two lanes overlap)`);

console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(done.every((phase) => phase.ok) && totals.failed === 0 ? 0 : 1);
