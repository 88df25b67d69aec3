import { defineProject } from 'vitest/config';

// API tests through app.inject() on a real database. A global setup migrates and seeds one database
// per run (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set); each file starts from a copy of it.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // Files share one module graph: each opens its own database and builds its own apps (TestContext), and
    // nothing a test stubs outlives it; importing the server afresh per file cost about 3 s each.
    isolate: false,
  },
});
