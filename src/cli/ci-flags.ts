import { existsSync } from 'node:fs';
import path from 'node:path';
import { resolveItemIds } from '../schedule/ids.js';
import type { Schedule } from '../schedule/types.js';
import { UsageError } from './io.js';

/**
 * The flags CI users know from ESLint and test runners: where the report goes, which findings
 * count (`--quiet`, `--only`, `--ignore-pattern`), a warning budget and a baseline of known uses.
 * Shared by `check` and `fix`.
 */
export const CI_OPTIONS = {
  'output-file': { type: 'string', short: 'o' },
  quiet: { type: 'boolean' },
  'max-warnings': { type: 'string' },
  'ignore-pattern': { type: 'string', multiple: true },
  only: { type: 'string', multiple: true },
  baseline: { type: 'string' },
  'update-baseline': { type: 'boolean' },
} as const;

export const CI_HELP = `  --only ID[,ID]         report only these item ids: one migration at a time (repeatable)
  --ignore-pattern GLOB  leave out files matching a .gitignore-style pattern, relative to the
                         current directory (repeatable)
  --quiet                report removed and imminent items only, as errors; scheduled ones
                         (warnings) are neither shown nor counted
  --max-warnings N       also exit 1 when more than N findings are warnings (scheduled items)
  --baseline FILE        leave out the uses recorded in FILE (counts per file and item), so only
                         new uses fail; see docs/cli.md
  --update-baseline      record today's findings in the --baseline FILE, then report against it
  -o, --output-file FILE write the report to FILE instead of standard output`;

export interface CiFlags {
  /** Absolute path of `--output-file`. */
  outputFile?: string;
  quiet: boolean;
  maxWarnings?: number;
  ignorePatterns: string[];
  /** Canonical ids of `--only`; empty: every item. */
  only: string[];
  /** Absolute path of `--baseline`. */
  baseline?: string;
  updateBaseline: boolean;
}

export type CiValues = {
  'output-file'?: string;
  quiet?: boolean;
  'max-warnings'?: string;
  'ignore-pattern'?: string[];
  only?: string[];
  baseline?: string;
  'update-baseline'?: boolean;
};

export function parseCiFlags(values: CiValues, cwd: string, schedule: Schedule): CiFlags {
  const baseline = values.baseline === undefined ? undefined : path.resolve(cwd, nonEmpty('--baseline', values.baseline));
  const updateBaseline = values['update-baseline'] ?? false;
  if (updateBaseline && baseline === undefined) throw new UsageError('--update-baseline needs --baseline FILE: the file to write');
  if (baseline !== undefined && !updateBaseline && !existsSync(baseline)) throw new UsageError(`--baseline: ${values.baseline}: no such file (create it with --update-baseline)`);
  return {
    ...(values['output-file'] === undefined ? {} : { outputFile: path.resolve(cwd, nonEmpty('--output-file', values['output-file'])) }),
    quiet: values.quiet ?? false,
    ...(values['max-warnings'] === undefined ? {} : { maxWarnings: parseCount('--max-warnings', values['max-warnings']) }),
    ignorePatterns: (values['ignore-pattern'] ?? []).map((pattern) => nonEmpty('--ignore-pattern', pattern)),
    only: parseOnly(values.only ?? [], schedule),
    ...(baseline === undefined ? {} : { baseline }),
    updateBaseline,
  };
}

/** `--only` as the rules see it: every other item is ignored. */
export function ignoredForOnly(only: readonly string[], schedule: Schedule): string[] {
  return only.length === 0 ? [] : schedule.items.map((item) => item.id).filter((id) => !only.includes(id));
}

function parseOnly(values: string[], schedule: Schedule): string[] {
  const ids = values.flatMap((value) => value.split(',')).map((id) => id.trim()).filter((id) => id !== '');
  const resolved = resolveItemIds(schedule, ids);
  if (resolved.unknown.length > 0) {
    throw new UsageError(`--only: unknown item id${resolved.unknown.length === 1 ? '' : 's'} ${resolved.unknown.map((id) => `"${id}"`).join(', ')} ("api-sunset schedule" lists the ids)`);
  }
  if (values.length > 0 && resolved.ids.length === 0) throw new UsageError('--only: expected an item id ("api-sunset schedule" lists the ids)');
  return resolved.ids;
}

function parseCount(flag: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} expects a whole number, 0 or more, got "${value}"`);
  return Number(value);
}

function nonEmpty(flag: string, value: string): string {
  if (value.trim() === '') throw new UsageError(`${flag} needs a value`);
  return value;
}
