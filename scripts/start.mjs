// `npm start`: install what is missing, build the web app when its sources changed, then run the server.
// Plain Node on purpose: it must work on a fresh clone before any dependency is installed.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Newest modification time below a folder (0 when it does not exist). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const installedMarker = join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installedMarker) || newestMtime(join(root, 'package-lock.json')) > newestMtime(installedMarker)) {
  console.log('Installing dependencies…');
  run(npm, ['ci', '--no-audit', '--no-fund']);
}

const webIndex = join(root, 'apps', 'web', 'dist', 'index.html');
const webSources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'];
const newestSource = Math.max(...webSources.map((path) => newestMtime(join(root, path))));
if (newestMtime(webIndex) < newestSource) {
  console.log('Building the web app…');
  run(npm, ['run', 'build', '-w', 'apps/web']);
}

const tsx = join(root, 'node_modules', '.bin', 'tsx');
const server = spawn(tsx, [join(root, 'apps', 'server', 'src', 'main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
