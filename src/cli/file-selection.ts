import path from 'node:path';
import ignore from 'ignore';
import { displayPath } from './findings.js';
import { UsageError } from './io.js';

/**
 * `--ignore-pattern`: the walked files minus those matching any pattern, in `.gitignore` syntax
 * relative to the current directory (`src/legacy/`, `*.test.ts` at any depth, `!keep.ts`).
 * Files outside the current directory cannot match a relative pattern and stay.
 */
export function withoutIgnoredFiles(files: readonly string[], patterns: readonly string[], cwd: string): string[] {
  if (patterns.length === 0) return [...files];
  const rules = ignore().add([...patterns]);
  return files.filter((file) => {
    const relative = path.relative(cwd, file);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return true;
    return !rules.ignores(relative.split(path.sep).join('/'));
  });
}

/** `--shard 2/3`: the second of three parts. */
export interface Shard {
  index: number;
  count: number;
}

export function parseShard(value: string | undefined): Shard | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new UsageError(`--shard expects INDEX/COUNT with 1 <= INDEX <= COUNT, e.g. 1/3, got "${value}"`);
  return { index, count };
}

/**
 * The files of one shard: the files sorted by their path relative to the current directory, dealt
 * out in turn (file k goes to shard k mod n). The same files on every machine give the same split,
 * every file lands in exactly one shard, and a directory full of service calls is spread over all
 * shards rather than landing in one.
 */
export function filesOfShard(files: readonly string[], shard: Shard | undefined, cwd: string): string[] {
  if (!shard) return [...files];
  const sorted = [...files].sort((a, b) => compareText(displayPath(a, cwd), displayPath(b, cwd)));
  return sorted.filter((_, i) => i % shard.count === shard.index - 1);
}

/** Code-unit order, the same in every locale. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
