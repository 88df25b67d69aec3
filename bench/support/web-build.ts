import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { benchDir, repoRoot } from './report.ts';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** `--dist <folder>` on the command line: measure an existing build instead of building one. */
function distFromArguments(): string | undefined {
  const index = process.argv.indexOf('--dist');
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  return value ? resolve(value) : undefined;
}

/**
 * The web app built from the current sources into bench/.cache/dist (vite build --manifest), or the
 * build named by --dist. Not apps/web/dist: other runs (npm start, browser journeys) serve that
 * folder, and `vite build` empties it first.
 */
export function webBuild(): string {
  const given = distFromArguments();
  const distDir = given ?? join(benchDir, '.cache', 'dist');
  if (!given) {
    const vite = join(repoRoot, 'node_modules', '.bin', 'vite');
    const started = Date.now();
    const result = spawnSync(vite, ['build', '--outDir', distDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
      cwd: join(repoRoot, 'apps', 'web'),
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
    console.log(`built apps/web into ${distDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`${distDir} holds no index.html: build the web app first`);
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath} (set CHROMIUM_PATH)`);
  return distDir;
}
