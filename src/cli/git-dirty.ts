import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';

/** Why a file counts as having uncommitted changes, in `git status` words. */
export type DirtyReason = 'modified' | 'staged' | 'untracked' | 'conflicted';

export type WorkingTree = { kind: 'no-repository'; reason: string } | { kind: 'repository'; dirty: Map<string, DirtyReason> };

/**
 * The files under `dir`'s repository with uncommitted changes (staged, unstaged, untracked),
 * by real path, as `fix` needs to know before it writes: rewriting such a file would mix the
 * fixes into work nobody has committed, where they can neither be reviewed nor undone on their own.
 */
export function workingTree(dir: string): WorkingTree {
  let top: string;
  try {
    top = realPath(git(dir, ['rev-parse', '--show-toplevel']).trim());
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { kind: 'no-repository', reason: missing ? 'git is not installed' : 'not in a git repository' };
  }
  const dirty = new Map<string, DirtyReason>();
  // -z: paths as they are (no quoting); a rename is followed by its source path, which is skipped.
  const fields = git(top, ['status', '--porcelain=v1', '-z', '--untracked-files=all']).split('\0');
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    if (entry.length < 4) continue;
    const [x, y] = [entry[0]!, entry[1]!];
    dirty.set(path.join(top, entry.slice(3)), reasonOf(x, y));
    if (x === 'R' || x === 'C') i++;
  }
  return { kind: 'repository', dirty };
}

function reasonOf(x: string, y: string): DirtyReason {
  if (x === '?') return 'untracked';
  if (x === 'U' || y === 'U' || (x === 'A' && y === 'A') || (x === 'D' && y === 'D')) return 'conflicted';
  return y !== ' ' ? 'modified' : 'staged';
}

/** The files among `files` that have uncommitted changes, with the reason, by the path given. */
export function dirtyAmong(files: readonly string[], tree: Extract<WorkingTree, { kind: 'repository' }>): { file: string; reason: DirtyReason }[] {
  return files.flatMap((file) => {
    const reason = tree.dirty.get(realPath(file)) ?? tree.dirty.get(file);
    return reason ? [{ file, reason }] : [];
  });
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 * 1024 * 1024 });
}

const LISTED = 10;

/**
 * Whether `fix` may write these files, as `cargo fix` decides: not when any of them has
 * uncommitted changes, unless --allow-dirty. Outside a git repository it writes and says so.
 * Returns the message for stderr and whether to go on.
 */
export function dirtyTreeVerdict(files: readonly string[], allowDirty: boolean, cwd: string): { proceed: boolean; message?: string } {
  if (files.length === 0 || allowDirty) return { proceed: true };
  const tree = workingTree(path.dirname(files[0]!));
  if (tree.kind === 'no-repository') {
    return { proceed: true, message: `api-sunset fix: ${tree.reason}, so uncommitted changes cannot be checked; writing the fixes anyway.\n` };
  }
  const dirty = dirtyAmong(files, tree);
  if (dirty.length === 0) return { proceed: true };
  const lines = dirty.slice(0, LISTED).map(({ file, reason }) => `  ${path.relative(cwd, file).split(path.sep).join('/')} (${reason})\n`);
  if (dirty.length > LISTED) lines.push(`  and ${dirty.length - LISTED} more\n`);
  return {
    proceed: false,
    message:
      `api-sunset fix: ${dirty.length === 1 ? '1 file it would change has' : `${dirty.length} files it would change have`} uncommitted changes; nothing was written.\n` +
      `Commit or stash them first, so the fixes can be reviewed and undone on their own, or pass --allow-dirty:\n${lines.join('')}`,
  };
}
