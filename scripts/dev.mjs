// `npm run dev`: the API with reload on change (port 3000) and Vite with hot module reload (port 5173).
import { spawn } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', join(root, 'apps', 'server', 'src', 'main.ts')], { cwd: root, stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: join(root, 'apps', 'web'), stdio: 'inherit' }),
];
console.log('Meridian dev: open http://localhost:5173 (API on http://localhost:3000)');
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
