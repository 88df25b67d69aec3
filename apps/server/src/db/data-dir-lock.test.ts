import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './data-dir-lock.ts';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const lockModule = new URL('./data-dir-lock.ts', import.meta.url).href;
const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const livePattern = /Another Meridian server \(process \d+\) is using the data folder/;

const folders: string[] = [];
const children: ChildProcess[] = [];
/** Grandchildren started through a shell, which killing the shell leaves running. */
const orphans: number[] = [];

function tempFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'meridian-lock-'));
  folders.push(dir);
  return dir;
}

function track(child: ChildProcess): ChildProcess {
  children.push(child);
  return child;
}

/** Orphans first: while their shell lives, a killed orphan stays a zombie and its pid cannot be reused. */
function stopChildren(): void {
  for (const pid of orphans.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

afterEach(stopChildren);
afterAll(() => {
  stopChildren();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** State (field 3) and start time (field 22) of a process, read independently of the module under test. */
function processStat(pid: number): { state: string; startTime: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const fields = text
    .slice(text.lastIndexOf(')') + 1)
    .trim()
    .split(' ');
  return { state: fields[0]!, startTime: fields[19]! };
}

function writeLock(dir: string, content: unknown): void {
  writeFileSync(join(dir, 'meridian.lock'), typeof content === 'string' ? content : JSON.stringify(content));
}

function lockHolderPid(dir: string): number {
  return JSON.parse(readFileSync(join(dir, 'meridian.lock'), 'utf8')).pid;
}

async function until<T>(probe: () => T | undefined | Promise<T | undefined>, what: () => string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Collects a child's output lines so a test can wait for one. */
function outputOf(child: ChildProcess): { lines: string[]; text: () => string } {
  const lines: string[] = [];
  let all = '';
  const collect = (chunk: Buffer) => {
    all += chunk.toString();
    lines.splice(0, lines.length, ...all.split('\n').filter(Boolean));
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { lines, text: () => all };
}

function spawnSleeper(executable = 'sleep'): ChildProcess {
  const child = track(spawn(executable, ['60'], { stdio: 'ignore' }));
  if (!child.pid) throw new Error('could not start sleep');
  return child;
}

/**
 * A separate process that acquires the lock the way a server does. Started by a shell that then
 * replaces itself with `sleep`, which never reaps it: once killed, the holder stays a zombie, as a
 * killed server does when its parent does not wait for it.
 */
async function startOrphanedHolder(dir: string): Promise<number> {
  const script = `const { acquireDataDirLock } = await import(process.env.LOCK_MODULE);
acquireDataDirLock(process.env.LOCK_DIR);
console.log('locked');
setInterval(() => {}, 60_000);`;
  const shell = track(
    spawn('sh', ['-c', 'node --import tsx --input-type=module -e "$HOLDER" & echo "holder $!"; exec sleep 120'], {
      cwd: serverRoot,
      env: { ...process.env, HOLDER: script, LOCK_DIR: dir, LOCK_MODULE: lockModule },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const output = outputOf(shell);
  const pid = await until(
    () => {
      const line = output.lines.find((text) => text.startsWith('holder '));
      return line ? Number(line.slice('holder '.length)) : undefined;
    },
    () => 'the holder to be started',
  );
  orphans.push(pid);
  await until(
    () => (output.lines.includes('locked') ? true : undefined),
    () => `the holder to lock (${output.text()})`,
  );
  return pid;
}

describe('data folder lock', () => {
  it('refuses a second holder while the first is alive, and releases only its own lock', () => {
    const dir = tempFolder();
    const release = acquireDataDirLock(dir);
    expect(lockHolderPid(dir)).toBe(process.pid);
    expect(() => acquireDataDirLock(dir)).toThrow(livePattern);
    release();
    expect(() => readFileSync(join(dir, 'meridian.lock'))).toThrow(/ENOENT/);

    const releaseAgain = acquireDataDirLock(dir);
    writeLock(dir, String(process.ppid)); // someone else's lock now
    releaseAgain();
    expect(readFileSync(join(dir, 'meridian.lock'), 'utf8')).toBe(String(process.ppid));
  });

  it('refuses a lock held by another live process with its recorded start time', () => {
    const dir = tempFolder();
    const sleeper = spawnSleeper();
    writeLock(dir, { pid: sleeper.pid, startTime: processStat(sleeper.pid!)!.startTime, bootId, token: 'other' });
    expect(() => acquireDataDirLock(dir)).toThrow(`Another Meridian server (process ${sleeper.pid})`);
  });

  it('reads the start time after the last parenthesis, whatever the program is called', () => {
    const dir = tempFolder();
    const oddName = join(dir, 'x) Z 1 (y'); // a naive parse would read state Z, a zombie
    symlinkSync('/usr/bin/sleep', oddName);
    const sleeper = spawnSleeper(oddName);
    expect(readFileSync(`/proc/${sleeper.pid}/stat`, 'utf8')).toContain('(x) Z 1 (y)');
    writeLock(dir, { pid: sleeper.pid, startTime: processStat(sleeper.pid!)!.startTime, bootId, token: 'other' });
    expect(() => acquireDataDirLock(dir)).toThrow(`Another Meridian server (process ${sleeper.pid})`);
  });

  it('takes over a lock naming a process that no longer exists', () => {
    const dir = tempFolder();
    writeLock(dir, { pid: 999_999_999, startTime: '1', bootId, token: 'gone' });
    const release = acquireDataDirLock(dir);
    expect(lockHolderPid(dir)).toBe(process.pid);
    release();
  });

  it('takes over a lock whose pid now belongs to another program', () => {
    const dir = tempFolder();
    const sleeper = spawnSleeper();
    const { startTime } = processStat(sleeper.pid!)!;
    writeLock(dir, { pid: sleeper.pid, startTime: String(Number(startTime) - 1), bootId, token: 'reused' });
    acquireDataDirLock(dir)();

    writeLock(dir, { pid: sleeper.pid, startTime, bootId: 'an-earlier-boot', token: 'reused' });
    const release = acquireDataDirLock(dir);
    expect(lockHolderPid(dir)).toBe(process.pid);
    release();
  });

  it('takes over the lock of a killed holder that lingers as a zombie', async () => {
    const dir = tempFolder();
    const holder = await startOrphanedHolder(dir);
    expect(lockHolderPid(dir)).toBe(holder);
    expect(() => acquireDataDirLock(dir)).toThrow(`Another Meridian server (process ${holder})`);

    process.kill(holder, 'SIGKILL');
    await until(
      () => (processStat(holder)?.state === 'Z' ? true : undefined),
      () => 'the holder to become a zombie',
    );
    expect(() => process.kill(holder, 0)).not.toThrow(); // why a pid check alone was fooled

    const release = acquireDataDirLock(dir);
    expect(lockHolderPid(dir)).toBe(process.pid);
    release();
  });

  it('reads the bare pid that older servers wrote, and takes over an unreadable lock', () => {
    const dir = tempFolder();
    writeLock(dir, String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(`Another Meridian server (process ${process.ppid})`);
    writeLock(dir, '999999999');
    acquireDataDirLock(dir)();
    writeLock(dir, '{"pid":');
    acquireDataDirLock(dir)();
  });

  it('lets exactly one of several simultaneous starters take over a stale lock', async () => {
    const rounds = 8;
    const starters = 4;
    const dirs = Array.from({ length: rounds }, () => {
      const dir = tempFolder();
      writeLock(dir, { pid: 999_999_999, startTime: '1', bootId, token: 'stale' });
      return dir;
    });
    // Every starter loads first, then all try each folder at the same instant, and stay alive to the
    // end so that a late one meets a live winner, not a stale lock.
    const script = `const { acquireDataDirLock } = await import(process.env.LOCK_MODULE);
const dirs = JSON.parse(process.env.LOCK_DIRS);
console.log('ready');
const startAt = Number(await new Promise((resolve) => process.stdin.once('data', resolve)));
for (const [round, dir] of dirs.entries()) {
  await new Promise((resolve) => setTimeout(resolve, startAt + round * 100 - Date.now()));
  try { acquireDataDirLock(dir); console.log(round + ' locked'); } catch (error) { console.log(round + ' refused ' + error.message); }
}
console.log('done');
setInterval(() => {}, 60_000);`;
    const outputs = Array.from({ length: starters }, () => {
      const child = track(
        spawn('node', ['--import', 'tsx', '--input-type=module', '-e', script], {
          cwd: serverRoot,
          env: { ...process.env, LOCK_MODULE: lockModule, LOCK_DIRS: JSON.stringify(dirs) },
          stdio: ['pipe', 'pipe', 'pipe'],
        }),
      );
      return { child, output: outputOf(child) };
    });
    const allSay = (line: string) => (outputs.every(({ output }) => output.lines.includes(line)) ? true : undefined);
    await until(
      () => allSay('ready'),
      () => 'the starters to load',
    );
    const startAt = Date.now() + 200;
    for (const { child } of outputs) child.stdin!.write(`${startAt}\n`);
    await until(
      () => allSay('done'),
      () => 'the starters to finish',
    );

    for (const [round, dir] of dirs.entries()) {
      const results = outputs.map(({ child, output }) => ({
        pid: child.pid,
        line: output.lines.find((line) => line.startsWith(`${round} `)) ?? output.text(),
      }));
      const winners = results.filter(({ line }) => line === `${round} locked`);
      expect(winners, JSON.stringify(results)).toHaveLength(1);
      expect(lockHolderPid(dir)).toBe(winners[0]!.pid);
      for (const { line } of results.filter((result) => !winners.includes(result))) {
        expect(line).toMatch(/refused (Another Meridian server|Other Meridian servers are starting)/);
      }
    }
  }, 60_000);
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function healthOf(port: number): Promise<{ status: string } | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    return response.ok ? ((await response.json()) as { status: string }) : undefined;
  } catch {
    return undefined;
  }
}

describe('a Meridian server killed with SIGKILL', () => {
  it('does not keep the next server off its data folder', async () => {
    const dataDir = tempFolder();
    const port = await freePort();
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED: 'none',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: 'lock-test-secret-'.padEnd(48, 'x'),
    };
    // Started under a parent that never reaps it, so the killed server lingers as a zombie.
    const shell = track(
      spawn('sh', ['-c', 'node --import tsx src/main.ts & echo "server $!"; exec sleep 300'], {
        cwd: serverRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    const first = outputOf(shell);
    const pid = await until(
      () => {
        const line = first.lines.find((text) => text.startsWith('server '));
        return line ? Number(line.slice('server '.length)) : undefined;
      },
      () => 'the first server to be started',
    );
    orphans.push(pid);
    await until(
      () => healthOf(port),
      () => `the first server (${first.text()})`,
      60_000,
    );
    expect(lockHolderPid(dataDir)).toBe(pid);

    const killedAt = performance.now();
    process.kill(pid, 'SIGKILL');
    await until(
      () => (processStat(pid)?.state === 'Z' ? true : undefined),
      () => 'the killed server to become a zombie',
    );

    const second = track(spawn('node', ['--import', 'tsx', 'src/main.ts'], { cwd: serverRoot, env, stdio: ['ignore', 'pipe', 'pipe'] }));
    const secondOutput = outputOf(second);
    const exited = new Promise((resolve) => second.once('exit', resolve));
    const health = await until(
      async () => {
        if (second.exitCode !== null) throw new Error(`The second server exited: ${secondOutput.text()}`);
        return healthOf(port);
      },
      () => 'the second server',
      60_000,
    );
    const restartMs = performance.now() - killedAt;
    console.log(`restart after SIGKILL: ${Math.round(restartMs)} ms (killed server ${pid} left as a zombie)`);
    expect(health.status).toBe('ok');
    expect(lockHolderPid(dataDir)).toBe(second.pid);

    second.kill('SIGTERM'); // a clean stop releases the lock
    await exited;
    expect(() => readFileSync(join(dataDir, 'meridian.lock'))).toThrow(/ENOENT/);
  }, 120_000);
});
