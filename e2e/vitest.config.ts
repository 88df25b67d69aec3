import { defineProject } from 'vitest/config';

// Journeys drive the system Chromium against the real server; they run one file at a time.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.e2e.ts'],
    testTimeout: 120_000,
    // A file's hook seeds a fresh demo database (about a minute); a loaded machine can double that.
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
