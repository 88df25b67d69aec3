import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const LOCK_NAME = 'meridian.lock';
const CLAIM_PREFIX = `${LOCK_NAME}.`;
const TAKEOVER_ATTEMPTS = 50;

/**
 * Who holds the lock. A pid alone cannot tell the holder from a zombie it left behind or from an
 * unrelated program that reuses the pid later, so on Linux the lock also records the kernel's start
 * time of the process and the boot it ran in. The token is unique to one acquisition.
 */
const holderSchema = z.object({
  pid: z.number().int().positive(),
  startTime: z.string().optional(),
  bootId: z.string().optional(),
  token: z.string().optional(),
});
type Holder = z.infer<typeof holderSchema>;

type ProcessStat = { state: string; startTime: string };

const hasProcfs = existsSync('/proc/self/stat');
const bootId = hasProcfs ? readText('/proc/sys/kernel/random/boot_id')?.trim() : undefined;

/**
 * PGlite is one process's database: two servers on one folder corrupt it. `meridian.lock` names the
 * live server using the folder; a lock whose process is gone (a crash, even one that left a zombie)
 * is taken over. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_NAME);
  const token = randomBytes(16).toString('hex');
  const own: Holder = { pid: process.pid, startTime: readProcessStat(process.pid)?.startTime, bootId, token };
  const record = `${JSON.stringify(own)}\n`;
  takeLock(dataDir, file, record, token);
  return () => {
    try {
      if (readFileSync(file, 'utf8') === record) unlinkSync(file);
    } catch {
      // already gone
    }
  };
}

function takeLock(dataDir: string, file: string, record: string, token: string): void {
  // Our record goes under the lock's name only complete (link and rename are atomic). While this
  // claim exists it also tells other starters that we may be replacing a stale lock.
  const claim = join(dataDir, `${CLAIM_PREFIX}${token}`);
  const draft = join(dataDir, `.${LOCK_NAME}.${token}`);
  try {
    for (let attempt = 0; attempt < TAKEOVER_ATTEMPTS; attempt++) {
      writeFileSync(draft, record);
      renameSync(draft, claim);
      if (createExclusively(claim, file)) return;
      const seen = readText(file);
      if (seen === undefined) continue; // released meanwhile
      const holder = parseHolder(seen);
      if (holder && isRunning(holder)) {
        throw new Error(
          `Another Meridian server (process ${holder.pid}) is using the data folder ${dataDir}. ` +
            'Stop it first, or start this one with a different DATA_DIR (or a DATABASE_URL).',
        );
      }
      // Stale. Replace it only while no other live starter holds a claim, and only if it is still the
      // lock we judged: a starter whose check saw no claim of ours cannot be between check and rename.
      if (!otherStarterClaims(dataDir, token)) {
        if (readText(file) === seen) {
          renameSync(claim, file);
          return;
        }
        continue;
      }
      // Withdraw while waiting, so that one of the contending starters finds itself alone.
      rmSync(claim);
      pause(5 + Math.random() * 20);
    }
  } finally {
    rmSync(claim, { force: true });
  }
  throw new Error(`Other Meridian servers are starting on the data folder ${dataDir} at the same time. Try again.`);
}

function createExclusively(source: string, target: string): boolean {
  try {
    linkSync(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Older servers wrote the bare pid; anything unreadable names no live holder. */
function parseHolder(text: string): Holder | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return holderSchema.safeParse({ pid: Number(trimmed) }).data;
  try {
    return holderSchema.safeParse(JSON.parse(trimmed)).data;
  } catch {
    return undefined;
  }
}

/** Without /proc (macOS, Windows) only the pid can be checked, as before. */
function isRunning(holder: Holder): boolean {
  if (!hasProcfs) return holder.pid !== process.pid && signalable(holder.pid);
  const stat = readProcessStat(holder.pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  if (holder.bootId && bootId && holder.bootId !== bootId) return false;
  if (holder.startTime === undefined) return holder.pid !== process.pid; // a bare pid from an older server
  return holder.startTime === stat.startTime;
}

function otherStarterClaims(dataDir: string, ownToken: string): boolean {
  return readdirSync(dataDir).some((name) => {
    if (!name.startsWith(CLAIM_PREFIX) || name === `${CLAIM_PREFIX}${ownToken}`) return false;
    const path = join(dataDir, name);
    const text = readText(path);
    if (text === undefined) return false;
    const claimant = parseHolder(text);
    if (claimant && isRunning(claimant)) return true;
    rmSync(path, { force: true }); // left by a starter that died; its name is never reused
    return false;
  });
}

/**
 * `/proc/<pid>/stat`: "pid (comm) state ppid …", where comm may itself hold spaces and parentheses,
 * so fields are counted after the last ')'. Field 3 is the state, field 22 the start time.
 */
function readProcessStat(pid: number): ProcessStat | undefined {
  if (!hasProcfs) return undefined;
  const text = readText(`/proc/${pid}/stat`);
  if (text === undefined) return undefined;
  const fields = text
    .slice(text.lastIndexOf(')') + 1)
    .trim()
    .split(/\s+/);
  const state = fields[0];
  const startTime = fields[22 - 3];
  return state && startTime ? { state, startTime } : undefined;
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ESRCH') return undefined; // ESRCH: a /proc entry whose process just ended
    throw error;
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
