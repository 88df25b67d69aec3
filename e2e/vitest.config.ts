import { defineProject } from 'vitest/config';

// Journeys drive the system Chromium against the real server; they run one file at a time. The global
// setup seeds the demo database once per run; each journey server starts on a copy of it.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 120_000,
    // A server whose clock is on another day than the run's seed seeds its own database (a minute or
    // more); a loaded machine can double that.
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
