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

export default defineConfig({
  plugins: [react(), chartsOwnReselect()],
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: apiServer,
        changeOrigin: true,
        // A browser opening the API token page gets the app, as the server does in production.
        bypass: (req) =>
          req.method === 'GET' &&
          req.url?.replace(/\/$/, '') === '/api/v1/auth/login' &&
          req.headers.accept?.includes('text/html')
            ? '/index.html'
            : undefined,
      },
      '/docs': { target: apiServer, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
