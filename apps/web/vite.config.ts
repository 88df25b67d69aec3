import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
