import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { describeFsError, errorCode } from './fs-errors.js';
import { GitignoreStack } from './gitignore.js';
import { UsageError } from './io.js';
import { printable } from './printable.js';

/** `.vue` and `.svelte` components are checked by their `<script>` blocks (see project/components.ts). */
export const SOURCE_EXTENSIONS = ['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx', '.vue', '.svelte'] as const;

/** Dependencies, build output and version control: never the code a user means. */
export const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'build', 'out', 'coverage', '.git']);

export interface WalkResult {
  /** Absolute paths of the source files to consider, sorted, each once. */
  files: string[];
  /** Real paths of the given paths: the only places `fix` may write. */
  roots: string[];
}

/** Declaration files hold no calls and are usually generated, so the walk leaves them out (naming one explicitly still checks it). */
export function isSourceFile(name: string): boolean {
  return (SOURCE_EXTENSIONS as readonly string[]).includes(path.extname(name)) && !/\.d\.[mc]?ts$/.test(name);
}

/**
 * The source files under the given paths. Symbolic links inside the tree are not followed at all:
 * a link out of the tree would let `fix` write where it was not pointed, and a link within the tree
 * only leads to files the walk reaches anyway. A path given explicitly is taken as given, even when
 * it is a link or would be ignored: the user asked for it. A link given explicitly is followed and
 * stands for its target, under the target's real path (the file that is read, and that `fix` writes).
 */
export function collectSourceFiles(paths: string[], cwd: string): WalkResult {
  const files = new Set<string>();
  const roots: string[] = [];
  for (const given of paths) {
    let real: string;
    let stats;
    try {
      real = realpathSync(path.resolve(cwd, given));
      stats = statSync(real);
    } catch (error) {
      throw new UsageError(pathError(error, path.resolve(cwd, given), printable(given)));
    }
    roots.push(real);
    if (stats.isDirectory()) {
      walkDirectory(real, GitignoreStack.forDirectory(real), files);
    } else if (stats.isFile()) {
      if (!(SOURCE_EXTENSIONS as readonly string[]).includes(path.extname(real))) throw new UsageError(`not a JavaScript, TypeScript or component source file (${SOURCE_EXTENSIONS.join(' ')}): ${printable(given)}`);
      files.add(real);
    } else {
      throw new UsageError(`not a file or directory: ${printable(given)}`);
    }
  }
  return { files: [...files].sort(), roots };
}

/** ELOOP is a symbolic link loop, not a missing file; a dangling link is a link, not nothing. */
function pathError(error: unknown, absolute: string, shown: string): string {
  const code = errorCode(error);
  if (code === 'ELOOP') return `a symbolic link loop (or too many links in a row): ${shown}`;
  if (code === 'ENOENT') return lstatSync(absolute, { throwIfNoEntry: false })?.isSymbolicLink() ? `a symbolic link to a file that does not exist: ${shown}` : `no such file or directory: ${shown}`;
  return `cannot read ${shown}: ${describeFsError(error)}`;
}

function walkDirectory(dir: string, gitignore: GitignoreStack, into: Set<string>): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    // An unreadable directory holds nothing we could check or fix; the rest of the tree still counts.
    return;
  }
  for (const entry of entries) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_DIRECTORIES.has(entry.name) || gitignore.ignores(child, true)) continue;
      walkDirectory(child, gitignore.enter(child), into);
    } else if (entry.isFile() && isSourceFile(entry.name) && !gitignore.ignores(child, false)) {
      into.add(child);
    }
  }
}
