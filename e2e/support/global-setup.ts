import type { TestProject } from 'vitest/node';
import { runDemoDatabase, type DemoDatabase } from '@meridian/server/test/demo-data-dir';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo database each journey server starts from a copy of (./server.ts). */
    demoDatabase: DemoDatabase;
  }
}

/**
 * Migrating and seeding the demo firm takes a minute or more, so it happens once per run (shared with
 * the API tests under `npm test`); every journey server starts on its own copy of the result, in seconds.
 */
export default async function setup(project: TestProject) {
  const { demo, release } = await runDemoDatabase();
  project.provide('demoDatabase', demo);
  return release;
}
