import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isAlive } from './processes.js';

const SUFFIX = '.api-sunset-tmp';
const NAME = /^\..+\.(\d+)-[0-9a-f]{8}\.api-sunset-tmp$/;

/** `.<name>.<pid>-<random>.api-sunset-tmp` beside the file: same file system, so the rename is atomic; the pid tells a dead run's files from a live one's. */
export function temporaryPathFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}${SUFFIX}`);
}

/**
 * Removes the temporary files that runs killed between writing and renaming left in these
 * directories (the originals are intact: a temporary file is only ever renamed over a file).
 * Files of a process that is still alive are left alone. Returns the paths removed.
 */
export function removeStaleTemporaries(directories: Iterable<string>): string[] {
  const removed: string[] = [];
  for (const dir of directories) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = NAME.exec(name)?.[1];
      if (pid === undefined || isAlive(Number(pid))) continue;
      const file = path.join(dir, name);
      try {
        rmSync(file);
        removed.push(file);
      } catch {
        // Gone already, or not ours to remove: either way nothing to clean here.
      }
    }
  }
  return removed;
}
