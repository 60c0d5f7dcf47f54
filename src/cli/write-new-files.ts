import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes a set of files all or nothing as far as a file system allows: every file goes to a
 * temporary beside its target, written in full (a short write is an error) and synced, and only
 * when all are ready are they renamed into place. A failure before the renames leaves no trace.
 */
export function writeFilesTogether(files: readonly { file: string; content: string }[]): void {
  const ready: { temporary: string; file: string }[] = [];
  try {
    for (const { file, content } of files) {
      mkdirSync(path.dirname(file), { recursive: true });
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}.api-sunset-tmp`);
      const bytes = Buffer.from(content, 'utf8');
      const fd = openSync(temporary, 'wx', 0o644);
      ready.push({ temporary, file });
      try {
        let written = 0;
        while (written < bytes.length) {
          const count = writeSync(fd, bytes, written, bytes.length - written);
          if (count <= 0) throw new Error(`could not write ${file}: the disk took ${written} of ${bytes.length} bytes`);
          written += count;
        }
        fsyncSync(fd);
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
