// After `vite build`: the public pages (src/app/prerendered-pages.ts) rendered to HTML, each written
// as dist/<page>.html from dist/index.html with its markup in #root (marked data-prerendered, which
// tells the browser to hydrate) and its critical CSS inline in <head>, plus dist/prerendered.json
// (address -> file) for the server. index.html gets the shell skeleton's styles (from the theme);
// the public pages go without the skeleton. In every page the app's stylesheet is inline and the
// app's script starts after the first paint. Runs before scripts/precompress.mjs.
// Usage: node scripts/prerender.mjs [dist folder]   (default: apps/web/dist)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const webDir = new URL('..', import.meta.url).pathname;
const dist = resolve(process.argv[2] ?? join(webDir, 'dist'));

/** Web Storage in memory: the app's modules read localStorage and sessionStorage as they load. */
class MemoryStorage {
  #items = new Map();
  get length() {
    return this.#items.size;
  }
  key(index) {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key) {
    return this.#items.get(key) ?? null;
  }
  setItem(key, value) {
    this.#items.set(key, String(value));
  }
  removeItem(key) {
    this.#items.delete(key);
  }
  clear() {
    this.#items.clear();
  }
}
globalThis.localStorage = new MemoryStorage();
globalThis.sessionStorage = new MemoryStorage();

// Inside apps/web, so that the built module finds the app's node_modules.
const ssrDir = mkdtempSync(join(webDir, '.prerender-'));
try {
  await build({
    root: webDir,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender.tsx',
      outDir: ssrDir,
      emptyOutDir: true,
      rolldownOptions: {
        // The skeleton's styles use the shell's sizes, so the shell is imported here as well as
        // lazily by the router: expected in a one-file Node build, not worth a warning.
        onLog: (level, log, handler) => (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' ? undefined : handler(level, log)),
      },
    },
    // One self-contained module: some packages (redux-persist's React integration) cannot be
    // imported by Node as they are published.
    ssr: { noExternal: true },
  });
  const { renderPage, prerenderedPages, shellSkeletonStyles, heldSubmitGuard } = await import(
    pathToFileURL(join(ssrDir, 'prerender.js')).href
  );

  // The app's stylesheet (the Roboto @font-face rules) goes inline in every page: as a file it
  // would hold the first paint back by a request.
  const inlineStylesheets = (html) =>
    html.replace(
      /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
      (_link, file) => `<style>${readFileSync(join(dist, file), 'utf8')}</style>`,
    );

  // A pre-rendered page is complete without script, and index.html paints the shell skeleton: the
  // app's script is asked for only after the first paint, so that paint shares the network with
  // nothing and waits for no start-up work. A tab opened in the background paints nothing until
  // shown, so it starts the app at once. The server allows this script by its hash.
  const afterFirstPaint = (html) =>
    html.replace(
      /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
      (_script, entry) =>
        '<script>(function () {' +
        "var start = function () { var app = document.createElement('script'); app.type = 'module'; app.crossOrigin = ''; " +
        `app.src = '${entry}'; document.head.appendChild(app); };` +
        "if (document.visibilityState === 'visible') requestAnimationFrame(function () { setTimeout(start); }); else start();" +
        '})();</script>',
    );

  const skeletonStyle = '<style id="shell-skeleton-style"></style>';
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  if (!template.includes(skeletonStyle)) throw new Error(`${dist}/index.html has no empty shell skeleton style (built twice?)`);
  writeFileSync(
    join(dist, 'index.html'),
    afterFirstPaint(inlineStylesheets(template)).replace(
      skeletonStyle,
      () => `<style id="shell-skeleton-style">${shellSkeletonStyles()}</style>`,
    ),
  );
  if (!template.includes('<div id="root"></div>')) throw new Error(`${dist}/index.html has no empty #root`);

  // The Latin Roboto files of the weights the page's styles name (400 is the body's), asked for with
  // the page rather than when the first layout finds text that needs them.
  const fontPreloads = (html, styles) => {
    const weights = new Set(['400', ...[...styles.matchAll(/font-weight:(\d+)/g)].map((match) => match[1])]);
    return [...weights]
      .map((weight) => new RegExp(`url\\((/assets/roboto-latin-${weight}-normal-[\\w-]+\\.woff2)\\)`).exec(html)?.[1])
      .filter(Boolean)
      .map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${file}">`)
      .join('');
  };

  const addresses = {};
  for (const page of prerenderedPages) {
    const { html, styles } = await renderPage(page);
    const withStyles = afterFirstPaint(inlineStylesheets(template)).replace(
      /<!-- shell skeleton -->[\s\S]*?<!-- \/shell skeleton -->\s*/g,
      '',
    );
    const document = withStyles
      // The guard holds a submit made before the app is live (src/lib/held-submit.ts); the server allows it by its hash.
      .replace('</head>', `<script>${heldSubmitGuard}</script>${fontPreloads(withStyles, styles)}${styles}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root" data-prerendered>${html}</div>`);
    writeFileSync(join(dist, page.file), document);
    for (const path of page.paths) addresses[path] = page.file;
  }
  writeFileSync(join(dist, 'prerendered.json'), `${JSON.stringify(addresses, null, 2)}\n`);
  console.log(`pre-rendered ${prerenderedPages.length} pages: ${prerenderedPages.map((page) => page.file).join(', ')}`);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}
