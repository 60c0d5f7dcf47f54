import { statSync } from 'node:fs';
import path from 'node:path';

/** The deepest directory that holds every path. */
export function commonDirectory(paths: string[]): string {
  const split = paths.map((p) => path.resolve(p).split(path.sep));
  const first = split[0] ?? [path.sep];
  let length = first.length;
  for (const parts of split.slice(1)) {
    let i = 0;
    while (i < length && i < parts.length && parts[i] === first[i]) i++;
    length = i;
  }
  return first.slice(0, length).join(path.sep) || path.sep;
}

/** The deepest directory holding every root (a given file counts by its directory). */
export function rootsDirectory(roots: readonly string[]): string {
  return commonDirectory(roots.map((root) => (statSync(root).isDirectory() ? root : path.dirname(root))));
}
