import { defineProject } from 'vitest/config';

// Journeys drive the system Chromium against the real server. The global setup seeds the demo database
// once per run; each journey file starts a server of its own on a copy of it (own folder, own port), so
// files run side by side: a journey spends most of its time waiting on the browser, not computing, and
// two at once take little more than one core.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 120_000,
    // A server whose clock is on another day than the run's seed seeds its own database (a minute or
    // more); a loaded machine can double that.
    hookTimeout: 240_000,
  },
});
