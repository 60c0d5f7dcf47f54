import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { describeFsError, errorCode } from './fs-errors.js';
import { UsageError } from './io.js';
import { lintCwd } from './paths.js';
import { isAlive } from './processes.js';

export const LOCK_NAME = '.api-sunset-fix.lock';

interface Holder {
  pid: number;
  host: string;
  started: string;
}

export interface ProjectLock {
  path: string;
  release(): void;
}

/**
 * An advisory lock so that two `fix` runs in one project cannot interleave (each would check a
 * file, then the other would rewrite it, and one update would be lost). The lock is a file in the
 * project's root (the git top level above the given paths, else their common directory) created
 * with O_EXCL. A lock left by a run that was killed names a process that no longer exists on this
 * machine: it is taken over. A lock held by a live process, or by another machine, is an error.
 */
export function acquireProjectLock(roots: readonly string[]): ProjectLock {
  const file = path.join(projectRoot(roots), LOCK_NAME);
  const me: Holder = { pid: process.pid, host: hostname(), started: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      try {
        writeSync(fd, `${JSON.stringify(me)}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      return held(file, me);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw new UsageError(`could not create the lock file ${file}: ${describeFsError(error)}`);
    }
    const holder = readHolder(file);
    if (holder === undefined && attempt < 3) continue; // released meanwhile
    if (holder && holder.host === me.host && !isAlive(holder.pid) && attempt < 3) {
      // Moved aside rather than deleted: of two runs taking over at once, only one rename succeeds.
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
        rmSync(aside, { force: true });
      } catch {
        // Another run took it over first; the next attempt sees its lock.
      }
      continue;
    }
    const who = holder ? `process ${holder.pid} on ${holder.host}, since ${holder.started}` : 'an unknown process';
    throw new UsageError(`another "api-sunset fix" is running in this project (${who}); wait for it to finish. If it is not running, remove ${file}.`);
  }
}

function held(file: string, me: Holder): ProjectLock {
  const release = () => {
    process.off('exit', release);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // Only our own lock: a run that took over a lock it thought stale must not lose it to us.
    if (readHolder(file)?.pid === me.pid) rmSync(file, { force: true });
  };
  // Interrupted between files (signals are handled between writes, never inside one): release and stop.
  const onSignal = (signal: NodeJS.Signals) => {
    release();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('exit', release);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { path: file, release };
}

/** A lock file that says nothing for this long was left half-written by a run killed while creating it. */
const UNREADABLE_GRACE_MS = 10_000;

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof holder.pid === 'number' && typeof holder.host === 'string') return { pid: holder.pid, host: holder.host, started: String(holder.started) };
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
  }
  // Empty or garbled: a run that is writing it this very moment, or one that was killed while doing so.
  let age: number;
  try {
    age = Date.now() - statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  return { pid: age > UNREADABLE_GRACE_MS ? -1 : process.pid, host: hostname(), started: 'unknown' };
}

/** Where a project's lock lives: the git top level above the given paths, or their common directory. */
export function projectRoot(roots: readonly string[]): string {
  const common = lintCwd(roots);
  for (let dir = common; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return common;
  }
}
