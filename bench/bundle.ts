/**
 * Initial JavaScript of the login page, gzip: what a first-time visitor downloads before the
 * sign-in form shows. Budget: 250 kB gzip (250,000 bytes).
 *
 *   npx tsx bench/bundle.ts                 (or: npm run bundle -w bench)
 *   npx tsx bench/bundle.ts --dist apps/web/dist    measure an existing build instead
 *
 * 1. Builds the web app from the current sources into bench/.cache/dist (vite build --manifest;
 *    about two seconds). Not apps/web/dist: other runs (npm start, browser journeys) serve that
 *    folder, and `vite build` empties it first.
 * 2. Starts the real product on that build (startServer, temporary PGlite, production settings)
 *    and opens /login in the system Chromium with a fresh profile (empty cache). Every script
 *    response that finished before the e-mail and password fields are visible is counted: the entry
 *    chunk, its modulepreloads, the lazy login-page chunk and its imports. Each body is gzipped
 *    at level 9, since the server itself sends the files uncompressed (transferred = raw size).
 * 3. Cross-checks the browser's list against Vite's manifest (entry + static imports, plus the
 *    login-page dynamic entry + its static imports) and reports any difference.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Request } from 'playwright-core';
import { machine, writeResults } from './support/report.ts';
import { chromiumArgs, chromiumPath, webBuild } from './support/web-build.ts';
import { runMain, startBenchServer } from './support/bench-server.ts';

const budgetBytes = 250_000;
const loginChunkSource = 'src/features/auth/login/login-page.tsx';

type Chunk = { path: string; rawBytes: number; gzipBytes: number; transferredBytes: number | null; kind: string };

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;

type ManifestEntry = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };

/** The login page's JS according to Vite: entry + static imports, login chunk + static imports. */
function manifestFiles(distDir: string): string[] | null {
  const file = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error(`${file} names no entry chunk`);
  visit(entryKey);
  if (!manifest[loginChunkSource]) throw new Error(`${file} has no chunk for ${loginChunkSource}`);
  visit(loginChunkSource);
  return [...files].map((path) => `/${path}`).sort();
}

async function main() {
  const distDir = webBuild();

  const server = await startBenchServer({}, { webDistDir: distDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const finished: Array<{ request: Request; afterForm: boolean }> = [];
    let formVisible = false;
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(request.url()).pathname))
        finished.push({ request, afterForm: formVisible });
    });
    const started = Date.now();
    const response = await page.goto(`${server.url}/login`);
    if (response?.status() !== 200) throw new Error(`/login answered ${response?.status()}`);
    await page.getByLabel('Email').waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByLabel('Password', { exact: true }).waitFor({ state: 'visible', timeout: 30_000 });
    formVisible = true;
    const formMs = Date.now() - started;
    // Anything fetched later (prefetch, idle work) is listed but not counted.
    await page.waitForLoadState('networkidle');

    const chunks: Chunk[] = [];
    const late: Chunk[] = [];
    for (const { request, afterForm } of finished) {
      const answer = await request.response();
      if (!answer) continue;
      const body = await answer.body();
      const sizes = await request.sizes().catch(() => null);
      const path = new URL(request.url()).pathname;
      const chunk: Chunk = {
        path,
        rawBytes: body.length,
        gzipBytes: gzipSize(body),
        transferredBytes: sizes ? sizes.responseBodySize : null,
        kind: path.includes('login-page') ? 'login route (lazy)' : path.includes('/index-') ? 'entry' : 'import',
      };
      (afterForm ? late : chunks).push(chunk);
    }
    chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const total = chunks.reduce((sum, c) => sum + c.gzipBytes, 0);
    const totalRaw = chunks.reduce((sum, c) => sum + c.rawBytes, 0);
    const totalTransferred = chunks.reduce((sum, c) => sum + (c.transferredBytes ?? c.rawBytes), 0);

    console.log(`\nJS loaded by ${server.url}/login until the sign-in form was visible (${formMs} ms, fresh profile):`);
    for (const c of chunks) {
      console.log(`  ${c.path.padEnd(56)} ${kB(c.rawBytes).padStart(10)} raw ${kB(c.gzipBytes).padStart(10)} gzip   ${c.kind}`);
    }
    for (const c of late) console.log(`  (after the form, not counted) ${c.path} ${kB(c.gzipBytes)} gzip`);
    console.log(`  ${'total'.padEnd(56)} ${kB(totalRaw).padStart(10)} raw ${kB(total).padStart(10)} gzip`);
    console.log(`  transferred over the wire: ${kB(totalTransferred)} (the server does not compress, so this is the raw size)`);

    const expected = manifestFiles(distDir);
    const seen = chunks.map((c) => c.path).sort();
    let manifestCheck = 'no manifest (build with --manifest to cross-check)';
    if (expected) {
      const missing = expected.filter((path) => !seen.includes(path));
      const extra = seen.filter((path) => !expected.includes(path));
      manifestCheck =
        missing.length === 0 && extra.length === 0
          ? `matches Vite's manifest (${expected.length} chunks)`
          : `differs from Vite's manifest: not loaded ${JSON.stringify(missing)}, loaded but not in the static graph ${JSON.stringify(extra)}`;
    }
    console.log(`  chunk list ${manifestCheck}`);

    const ratio = total / budgetBytes;
    console.log(
      `\nLogin page initial JS: ${kB(total)} gzip (${(total / 1024).toFixed(1)} KiB) in ${chunks.length} chunks = ` +
        `${ratio.toFixed(2)} × the ${kB(budgetBytes)} budget (${ratio <= 1 ? 'within' : 'OVER'} budget)`,
    );
    const file = writeResults('bundle', {
      benchmark: 'bundle',
      date: new Date().toISOString(),
      machine: machine(),
      dist: distDir,
      method: 'Chromium (playwright-core), fresh profile, scripts finished before the login form was visible; gzip level 9 of each body',
      formVisibleMs: formMs,
      chunks,
      notCounted: late,
      totalRawBytes: totalRaw,
      totalGzipBytes: total,
      totalTransferredBytes: totalTransferred,
      budgetBytes,
      ratio,
      withinBudget: ratio <= 1,
      manifestCheck,
    });
    console.log(`Results: ${file}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

runMain(main);
