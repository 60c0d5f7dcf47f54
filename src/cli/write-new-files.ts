import { closeSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { flushAll, writeAll } from './atomic-write.js';
import { temporaryPathFor } from './temp-files.js';

/**
 * Writes a set of files all or nothing as far as a file system allows: every file goes to a
 * temporary beside its target, written in full (a short write is an error) and synced, and only
 * when all are ready are they renamed into place. A failure before the renames leaves no trace,
 * and a run killed before them leaves temporary files the next `fix` there removes.
 */
export function writeFilesTogether(files: readonly { file: string; content: string }[]): void {
  const ready: { temporary: string; file: string }[] = [];
  try {
    for (const { file, content } of files) {
      mkdirSync(path.dirname(file), { recursive: true });
      const temporary = temporaryPathFor(file);
      const fd = openSync(temporary, 'wx', 0o644);
      ready.push({ temporary, file });
      try {
        const bytes = Buffer.from(content, 'utf8');
        writeAll(fd, bytes);
        flushAll(fd, bytes);
      } finally {
        closeSync(fd);
      }
    }
    for (const { temporary, file } of ready) renameSync(temporary, file);
  } catch (error) {
    for (const { temporary } of ready) rmSync(temporary, { force: true });
    throw error;
  }
}
