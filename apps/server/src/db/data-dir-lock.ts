import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/**
 * PGlite is one process's database: two servers on one folder corrupt it. The lock file holds the
 * owner's pid; a lock whose process is gone (a crash) is taken over. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'meridian.lock');
  const ownPid = String(process.pid);
  try {
    writeFileSync(file, ownPid, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `Another Meridian server (process ${holder}) is using the data folder ${dataDir}. ` +
          'Stop it first, or start this one with a different DATA_DIR (or a DATABASE_URL).',
      );
    }
    writeFileSync(file, ownPid); // stale lock from a process that no longer exists
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === ownPid) unlinkSync(file);
    } catch {
      // already gone
    }
  };
}
