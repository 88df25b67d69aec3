import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDemoDataDir, type DemoDatabase } from '@meridian/server/test/demo-data-dir';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo database each journey server starts from a copy of (./server.ts). */
    demoDatabase: DemoDatabase;
  }
}

/**
 * Migrating and seeding the demo firm takes a minute or more, so it happens once per run; every
 * journey server starts on its own copy of the result, in seconds.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'meridian-e2e-demo-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    project.provide('demoDatabase', await seedDemoDataDir(dataDir, new Date()));
  } catch (error) {
    removeDataDir();
    throw error;
  }
  return removeDataDir;
}
