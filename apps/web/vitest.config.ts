import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Screen tests walk several MUI interactions in jsdom; on a busy two-core machine one can pass 5 s.
    testTimeout: 15_000,
  },
});
