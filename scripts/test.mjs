// `npm test`: type-check every workspace, build the web app, then run the unit, API and browser
// suites one after another (they compete for the same two cores otherwise) and print one total.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'meridian-test-'));

function run(label, command, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

let ok = true;
for (const project of ['packages/domain', 'apps/server', 'apps/web', 'e2e', 'bench']) {
  ok = run(`typecheck ${project}`, bin('tsc'), ['-p', project]) && ok;
}
ok = run('build web', 'npm', ['run', 'build', '-w', 'apps/web']) && ok;

const totals = { passed: 0, failed: 0, skipped: 0 };
const suites = [
  ['unit tests', ['--project', 'domain', '--project', 'web']],
  ['API tests', ['--project', 'server']],
  ['browser journeys', ['--project', 'e2e']],
];
for (const [label, projectArgs] of suites) {
  const report = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const passed = run(label, bin('vitest'), ['run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  ok = passed && ok;
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
  } catch {
    totals.failed += 1; // the suite did not even report: count it as a failure
  }
}
rmSync(reports, { recursive: true, force: true });

console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
