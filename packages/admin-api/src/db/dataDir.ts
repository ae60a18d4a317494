// The embedded database's folder: one process at a time, watched while serving, never silently
// replaced. PGlite itself takes no lock, so two processes on one folder would each see only their
// own writes and the folder would end up holding neither; a folder deleted while serving would
// swallow every later write. Like PostgreSQL's postmaster.pid:
// - a lock file inside the folder names the process that holds it; a second process refuses to
//   start, naming the folder and the holder; a lock whose process is gone (kill -9) is taken over;
// - while serving, the lock file is checked: if it disappears or is replaced, the folder is lost
//   and nothing more may be acknowledged;
// - a marker beside the folder records that a database was created there, so a start that finds
//   the folder missing or empty refuses instead of seeding a fresh demo database in its place.
import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

export const LOCK_FILE = 'admin-api.lock';

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
  /** The process's start time in clock ticks since boot (Linux), so a reused pid is not taken for the holder. */
  processStart: string | null;
}

export class DataDirError extends Error {}

/** This (or another) process's start time from /proc, where there is one. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22; the command name (field 2) may hold spaces, so count from its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(lock: LockInfo): boolean {
  if (lock.host !== hostname()) return true; // another machine's process: it cannot be checked, so it counts
  try {
    process.kill(lock.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const start = processStartOf(lock.pid);
  return lock.processStart === null || start === null || start === lock.processStart;
}

function readLock(file: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

/** The marker beside `dir` that says a database was created in it. */
export const markerOf = (dir: string) => join(dirname(dir), `${basename(dir)}.created`);

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Refuses to go on where a database is expected but the folder is missing or empty: created there
 * before (the marker) or required by the configuration. Answers whether a new database will be
 * created (the caller then writes the marker once it exists).
 */
export function checkExpectedDatabase(dir: string, { mustExist }: { mustExist: boolean }): { creating: boolean } {
  if (!isEmptyDir(dir)) return { creating: false };
  const marker = markerOf(dir);
  if (existsSync(marker)) {
    let created = 'before';
    try {
      created = `on ${(JSON.parse(readFileSync(marker, 'utf8')) as { createdAt: string }).createdAt}`;
    } catch {
      /* an unreadable marker still says a database was here */
    }
    throw new DataDirError(
      `The data folder ${dir} held a database created ${created}, but it is ${existsSync(dir) ? 'empty' : 'missing'}. ` +
        `Restore the folder (from a backup), or delete ${marker} to start a fresh database there.`,
    );
  }
  if (mustExist) {
    throw new DataDirError(`The data folder ${dir} holds no database, and DATA_DIR_MUST_EXIST is set: check DATA_DIR, or unset DATA_DIR_MUST_EXIST to create one.`);
  }
  return { creating: true };
}

export function writeMarker(dir: string): void {
  writeFileSync(markerOf(dir), `${JSON.stringify({ createdAt: new Date().toISOString(), dataDir: dir })}\n`);
}

export interface DataDirLock {
  /** Null while the folder is ours; otherwise why it is not any more. */
  lostReason(): string | null;
  /** Checks now (a stat): throws DataDirError when the folder was lost. */
  assertHeld(): void;
  release(): void;
}

/** Takes the folder for this process (throws DataDirError naming the holder), and watches it. */
export function lockDataDir(dir: string, { watchMs = 500 }: { watchMs?: number } = {}): DataDirLock {
  const file = join(dir, LOCK_FILE);
  const mine: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), processStart: processStartOf(process.pid) };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, `${JSON.stringify(mine)}\n`);
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(file);
      if (holder && isAlive(holder)) {
        throw new DataDirError(
          `The data folder ${dir} is in use by process ${holder.pid} on ${holder.host} (started ${holder.startedAt}): ` +
            'stop it first (one process per PGlite folder), or use another DATA_DIR.',
        );
      }
      if (attempt > 2) throw new DataDirError(`The data folder ${dir} has a lock file (${file}) that cannot be taken over`);
      // The holder is gone (kill -9, a crash): its lock is stale.
      rmSync(file, { force: true });
    }
  }
  // The folder and its lock file as they are now: another folder or file at the same path (a copy
  // or a restore put in place) has another inode.
  const identity = `${statSync(dir).ino}/${statSync(file).ino}`;
  let lost: string | null = null;
  const check = () => {
    if (lost) return;
    try {
      if (`${statSync(dir).ino}/${statSync(file).ino}` !== identity) lost = `the data folder ${dir} was replaced`;
      else if (readLock(file)?.pid !== mine.pid) lost = `the lock file ${file} names another process`;
    } catch {
      lost = `the data folder ${dir} (or its lock file) disappeared`;
    }
  };
  const timer = setInterval(check, watchMs);
  timer.unref();
  return {
    lostReason: () => (check(), lost),
    assertHeld() {
      check();
      if (lost) throw new DataDirError(`${lost} while the server was running: nothing more is stored. Restore the folder and restart.`);
    },
    release() {
      clearInterval(timer);
      if (!lost && readLock(file)?.pid === mine.pid) rmSync(file, { force: true });
    },
  };
}
