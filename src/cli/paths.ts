import { statSync } from 'node:fs';
import path from 'node:path';

/** The deepest directory that holds every path. */
export function commonDirectory(paths: readonly string[]): string {
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

/**
 * The directory ESLint runs in for these roots (see LintRunner): the deepest one holding every
 * root, a given file counting by its directory. The rules find a file's project from it.
 */
export function lintCwd(roots: readonly string[]): string {
  const directories = roots.map((root) => {
    try {
      return statSync(root).isDirectory() ? root : path.dirname(root);
    } catch {
      return path.dirname(root);
    }
  });
  return commonDirectory(directories);
}
