import { execFileSync } from 'node:child_process';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiServer = 'http://localhost:3000';

/**
 * The charts (@mui/x-charts, through @base-ui/utils) use parts of reselect that Redux Toolkit does
 * not. reselect sits in a chunk the sign-in page loads, so those parts would be loaded there too;
 * a copy of its own keeps them in the lazy chunks that draw charts.
 */
function chartsOwnReselect(): Plugin {
  return {
    name: 'meridian:charts-own-reselect',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'reselect' || !importer?.includes('/node_modules/@base-ui/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, id: `${resolved.id}?charts` } : null;
    },
  };
}

/**
 * The modules the lazy sign-in page adds to what the entry already loads: the walk follows static
 * imports from the page and stops at anything the entry imports, so code used only by other routes
 * (charts, tables, the shell) never gets in. Worked out once the module graph is complete, before
 * chunking asks for it.
 */
function signInModules(): { plugin: Plugin; has: (id: string) => boolean } {
  let modules = new Set<string>();
  const plugin: Plugin = {
    name: 'meridian:sign-in-modules',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const walk = (from: string[], stopAt: Set<string>) => {
        const seen = new Set<string>();
        const pending = [...from];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (seen.has(id) || stopAt.has(id)) continue;
          seen.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const startup = walk(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        new Set(),
      );
      const page = ids.find((id) => id.endsWith('/src/features/auth/login/login-page.tsx'));
      modules = page ? walk([page], startup) : new Set();
      if (page) modules.delete(page); // the page itself stays its own route chunk
    },
  };
  return { plugin, has: (id) => modules.has(id) };
}

const signIn = signInModules();

/** The release web vitals are reported under: VITE_RELEASE when the build sets it, else the commit built. */
function release(): string | undefined {
  if (process.env.VITE_RELEASE) return process.env.VITE_RELEASE;
  try {
    return (
      execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() ||
      undefined
    );
  } catch {
    return undefined; // not a git checkout: the build's mode stands in (features/telemetry/web-vitals-release.ts)
  }
}
const built = release();

export default defineConfig(({ isSsrBuild }) => ({
  // The pre-render's Node build (scripts/prerender.mjs) is one file run once: no chunking plan.
  plugins: isSsrBuild ? [react()] : [react(), chartsOwnReselect(), signIn.plugin],
  ...(built ? { define: { 'import.meta.env.VITE_RELEASE': JSON.stringify(built) } } : {}),
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: apiServer,
        changeOrigin: true,
        // A browser opening the API token page gets the app, as the server does in production.
        bypass: (req) =>
          req.method === 'GET' && req.url?.replace(/\/$/, '') === '/api/v1/auth/login' && req.headers.accept?.includes('text/html')
            ? '/index.html'
            : undefined,
      },
      '/docs': { target: apiServer, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The entry chunk holds all start-up code on purpose (see codeSplitting below): ~570 kB
    // minified, ~180 kB gzip. The bundle benchmark guards the real budget.
    chunkSizeWarningLimit: 650,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // Left to itself, Rolldown gives every set of routes that shares some vendor code a chunk of
            // its own, and the sign-in page (the first page of every new visitor, budgeted at 250 kB gzip
            // in bench/bundle.ts) ended up fetching ~20 small chunks. Two groups keep it to three:
            codeSplitting: {
              groups: [
                // Everything the entry runs at start-up (react, react-dom, router, redux/RTK, emotion,
                // MUI core, zod, the store) goes into the entry chunk. `$initial` follows the imports
                // that are actually used, so modules reached only through barrel re-exports (e.g.
                // @mui/system's Stack) are left to the routes that use them.
                { name: 'entry', tags: ['$initial'], priority: 2 },
                // What the sign-in page adds (text fields, dialog, react-hook-form, the form components),
                // shared with the other public pages: one chunk, loaded with the page.
                { name: (id) => (signIn.has(id) ? 'sign-in' : null), debugName: 'sign-in', priority: 1 },
                // The rest of the UI library the signed-in screens draw with (tables, chips, menus,
                // tooltips, dialogs...): one chunk, cached once for every screen, where per-component
                // chunks had a screen ask for ~30 files and start-up script announce each of them.
                {
                  name: 'ui-kit',
                  test: /node_modules[\\/](@mui[\\/](material|system|utils|icons-material)|@emotion|react-transition-group|@popperjs|clsx)[\\/]/,
                },
              ],
            },
          },
        },
  },
}));
