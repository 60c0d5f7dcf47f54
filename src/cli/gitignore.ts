import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** The rules of one `.gitignore`, which apply to paths below its directory. */
interface IgnoreLayer {
  dir: string;
  rules: Ignore;
}

/**
 * The `.gitignore` files in force for a directory, outermost first, as git reads them: every
 * `.gitignore` from the repository's top down to the directory. A deeper file overrides a shallower
 * one, so `!keep.ts` in `src/.gitignore` re-includes what the top-level file ignored.
 */
export class GitignoreStack {
  private constructor(private readonly layers: readonly IgnoreLayer[]) {}

  /** The stack for `dir`, including the `.gitignore` files of its ancestors up to the git top level. */
  static forDirectory(dir: string): GitignoreStack {
    const top = gitTopLevel(dir);
    const chain: string[] = [];
    // Without a repository only the walked tree's own files count: an unrelated ~/.gitignore must not hide code.
    for (let current = dir; ; current = path.dirname(current)) {
      chain.unshift(current);
      if (top === undefined || current === top || path.dirname(current) === current) break;
    }
    let stack = new GitignoreStack([]);
    for (const ancestor of chain.slice(0, -1)) stack = stack.enter(ancestor);
    // A directory the user names is checked even if an outer .gitignore ignores it (`api-sunset check dist`).
    if (stack.ignores(dir, true)) stack = new GitignoreStack([]);
    return stack.enter(dir);
  }

  /** The stack for a child directory: this one plus the child's own `.gitignore`, if any. */
  enter(dir: string): GitignoreStack {
    const file = path.join(dir, '.gitignore');
    if (!existsSync(file)) return this;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return this;
    }
    return new GitignoreStack([...this.layers, { dir, rules: ignore().add(text) }]);
  }

  ignores(absolutePath: string, isDirectory: boolean): boolean {
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const layer = this.layers[i]!;
      const relative = path.relative(layer.dir, absolutePath).split(path.sep).join('/');
      if (relative === '' || relative.startsWith('..')) continue;
      const verdict = layer.rules.test(isDirectory ? `${relative}/` : relative);
      if (verdict.ignored) return true;
      if (verdict.unignored) return false;
    }
    return false;
  }
}

function gitTopLevel(dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, '.git'))) return current;
    if (path.dirname(current) === current) return undefined;
  }
}
