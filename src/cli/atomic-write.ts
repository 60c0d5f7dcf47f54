import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fchownSync, fsyncSync, lstatSync, openSync, readFileSync, realpathSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Why a fixed file was not written; the run reports it and goes on with the other files. */
export class UnsafeWriteError extends Error {
  override name = 'UnsafeWriteError';
}

export function isInside(file: string, roots: readonly string[]): boolean {
  return roots.some((root) => file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
}

/**
 * Replaces `file` with `content` so that a reader, or an interrupted run, only ever sees the old or
 * the new file: the new bytes go to a temporary file beside it (same directory, so same file
 * system), are flushed, get the old file's mode (and owner, when we may set it), and are renamed over
 * it. Refuses files that resolve outside `roots`, that are no longer regular files, or that changed
 * on disk since they were read (`expected`).
 */
export function writeFileAtomically(file: string, content: Buffer, expected: Buffer, roots: readonly string[]): void {
  const stats = lstatSync(file);
  if (!stats.isFile()) throw new UnsafeWriteError('no longer a regular file');
  const real = realpathSync(file);
  if (!isInside(real, roots)) throw new UnsafeWriteError('resolves outside the given paths');
  if (!readFileSync(file).equals(expected)) throw new UnsafeWriteError('changed on disk while api-sunset ran');

  const temporary = path.join(path.dirname(real), `.${path.basename(real)}.${process.pid}-${randomBytes(4).toString('hex')}.api-sunset-tmp`);
  const fd = openSync(temporary, 'wx', stats.mode & 0o777);
  try {
    try {
      writeSync(fd, content);
      fchmodSync(fd, stats.mode & 0o7777);
      if (process.getuid?.() === 0) fchownSync(fd, stats.uid, stats.gid);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, real);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
