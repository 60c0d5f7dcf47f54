import { createHash } from 'node:crypto';
import { closeSync, fchmodSync, fchownSync, fstatSync, fsyncSync, lstatSync, openSync, readFileSync, realpathSync, renameSync, rmSync, writeSync, type Stats } from 'node:fs';
import path from 'node:path';
import { temporaryPathFor } from './temp-files.js';
import { writeRefusal } from './write-policy.js';

/** Why a fixed file was not written; the run reports it and goes on with the other files. */
export class UnsafeWriteError extends Error {
  override name = 'UnsafeWriteError';
}

export function isInside(file: string, roots: readonly string[]): boolean {
  return roots.some((root) => file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
}

export interface WriteOptions {
  /** Rewrite read-only files, files of other users, files with special bits or other hard links. */
  force?: boolean;
}

/**
 * Replaces `file` with `content` so that a reader, or an interrupted run, only ever sees the old or
 * the new file: the new bytes go to a temporary file beside it (same directory, so same file
 * system), every byte is written and counted, the old file's mode (and owner, when we may set it)
 * is set, the bytes are flushed to the disk, and only then is the temporary file renamed over the
 * file. On any error the temporary file is removed and the file is as it was.
 *
 * Refuses files that resolve outside `roots`, that are no longer regular files, that the write
 * policy protects (unless `force`), or whose content is no longer `expected`: checked before the
 * write and once more just before the rename, so that an editor's save in between wins.
 */
export function writeFileAtomically(file: string, content: Buffer, expected: Buffer, roots: readonly string[], options: WriteOptions = {}): void {
  const stats = lstatSync(file);
  if (!stats.isFile()) throw new UnsafeWriteError('no longer a regular file');
  const real = realpathSync(file);
  if (!isInside(real, roots)) throw new UnsafeWriteError('resolves outside the given paths');
  const refusal = options.force ? undefined : writeRefusal(stats);
  if (refusal) throw new UnsafeWriteError(refusal);
  const expectedHash = sha256(expected);
  assertUnchanged(real, expectedHash);

  const temporary = temporaryPathFor(real);
  const fd = openSync(temporary, 'wx', stats.mode & 0o777);
  try {
    try {
      writeAll(fd, content);
      // Owner first: changing the owner clears the setuid and setgid bits that the mode then sets.
      if (process.getuid?.() === 0) fchownSync(fd, stats.uid, stats.gid);
      fchmodSync(fd, stats.mode & 0o7777);
      flushAll(fd, content);
    } finally {
      closeSync(fd);
    }
    // The last look: writing and flushing take time, and an editor may have saved meanwhile.
    assertUnchanged(real, expectedHash, stats);
    renameSync(temporary, real);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncDirectory(path.dirname(real));
}

/**
 * `writeSync` may write fewer bytes than asked (a full disk, a file-size limit); each call's count
 * is checked and the rest written, and a call that writes nothing is an error rather than a loop.
 */
export function writeAll(fd: number, content: Buffer): void {
  let offset = 0;
  while (offset < content.length) {
    const written = writeSync(fd, content, offset, content.length - offset, offset);
    if (!(written > 0)) throw new UnsafeWriteError(`the new content was not written in full (${offset} of ${content.length} bytes)`);
    offset += written;
  }
}

/** Flushes the file to the disk, then checks that it holds every byte: a write call may claim more than it wrote. */
export function flushAll(fd: number, content: Buffer): void {
  fsyncSync(fd);
  const written = fstatSync(fd).size;
  if (written !== content.length) throw new UnsafeWriteError(`the new content was not written in full (${written} of ${content.length} bytes)`);
}

/** The content hash, not the modification time: a save within the same clock tick, or one that restores the time, still shows. */
function assertUnchanged(file: string, expectedHash: string, before?: Stats): void {
  if (before) {
    const now = lstatSync(file);
    if (!now.isFile() || now.ino !== before.ino || now.dev !== before.dev) throw new UnsafeWriteError('changed on disk while api-sunset ran');
  }
  if (sha256(readFileSync(file)) !== expectedHash) throw new UnsafeWriteError('changed on disk while api-sunset ran');
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Makes the rename itself durable; not every platform lets a directory be opened or synced, which only costs durability there. */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open a directory, some file systems refuse fsync on one: the data itself is synced.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
