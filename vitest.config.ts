import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the whole repository; each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'e2e'],
    // A worker per core: vitest's default keeps one back for its own process (one worker on two cores),
    // which is idle while jsdom renders or a journey waits on the browser.
    maxWorkers: availableParallelism(),
  },
});
