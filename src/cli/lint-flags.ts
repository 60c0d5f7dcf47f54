import { statSync } from 'node:fs';
import path from 'node:path';
import { MISSING_TYPESCRIPT_PARSER, typescriptEslintParser } from '../parsers.js';
import { resolveItemIds } from '../schedule/ids.js';
import { DEFAULT_IMMINENT_DAYS, type Status } from '../schedule/status.js';
import type { Schedule } from '../schedule/types.js';
import { CI_HELP, CI_OPTIONS, ignoredForOnly, parseCiFlags, type CiFlags, type CiValues } from './ci-flags.js';
import { LIMIT_HELP, LIMIT_OPTIONS, parseLimits, type FileLimits } from './file-limits.js';
import { UsageError } from './io.js';
import { tsconfigProblems } from './tsconfig-check.js';
import { parseChoice, parseNonNegativeInteger, parseNow, scheduleFromFlag } from './options.js';

export const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type Format = (typeof FORMATS)[number];

export const FAIL_LEVELS = ['removed', 'imminent', 'deprecated', 'none'] as const;
export type FailLevel = (typeof FAIL_LEVELS)[number];

/** What `check` and `fix` share: the date, the schedule, what to leave out, how to report and when to fail. */
export interface LintFlags extends CiFlags {
  paths: string[];
  now: string;
  imminentDays: number;
  schedule: Schedule;
  /** Absolute path of `--schedule`, handed to the rules' settings; undefined for the bundled schedule. */
  schedulePath: string | undefined;
  ignore: string[];
  format: Format;
  failOn: FailLevel;
  /** Absolute path of `--project`'s tsconfig: type-aware mode. Undefined: syntax only. */
  project?: string;
  /** Per-file size and time limits. */
  limits: FileLimits;
  /** `--allow-empty`: a run that finds no file passes instead of exiting 2. */
  allowEmpty: boolean;
}

export const COMMON_OPTIONS = {
  now: { type: 'string' },
  'imminent-days': { type: 'string' },
  schedule: { type: 'string' },
  ignore: { type: 'string', multiple: true },
  format: { type: 'string' },
  'fail-on': { type: 'string' },
  project: { type: 'string' },
  ...LIMIT_OPTIONS,
  'allow-empty': { type: 'boolean' },
  ...CI_OPTIONS,
  help: { type: 'boolean', short: 'h' },
} as const;

/** The options `check` and `fix` share, without the help line (commands add their own options after these). */
export const COMMON_OPTIONS_HELP = `  --now YYYY-MM-DD       the date to judge by (default: today, UTC)
  --imminent-days N      days before removal that count as imminent (default: ${DEFAULT_IMMINENT_DAYS})
  --schedule FILE        a schedule file instead of the bundled one (see data/schedule.schema.json)
  --ignore ID[,ID]       leave these item ids out (repeatable; "api-sunset schedule" lists the ids)
  --format FORMAT        text (default), json, sarif (SARIF 2.1.0) or github (workflow annotations)
  --fail-on LEVEL        exit 1 when a finding is at or above LEVEL:
                           removed (default) or imminent: removed or imminent items
                           deprecated: any finding, scheduled ones included
                           none: never
  --project TSCONFIG     type-aware mode: follow values across files through the project's
                         TypeScript types (files outside the project are checked syntax-only)
${LIMIT_HELP}
  --allow-empty          pass when no file matches the paths (default: exit 2)
${CI_HELP}`;

export const HELP_OPTION_HELP = '  -h, --help             show this help';

export const COMMON_HELP = `${COMMON_OPTIONS_HELP}\n${HELP_OPTION_HELP}`;

export const EXIT_CODES_HELP = `Exit codes:
  0  nothing at the --fail-on level (and no more warnings than --max-warnings)
  1  findings at the --fail-on level, more warnings than --max-warnings, or a file that could
     not be checked (a parse error, a fatal ESLint message, an unreadable file, an analysis
     that crashed or timed out); --fail-on none exits 1 only for --max-warnings
  2  usage or configuration error (bad flag, invalid schedule, missing path, tsconfig error),
     no file matched the paths (unless --allow-empty), or no file that needed checking could
     be checked`;

/** Statuses that make the run fail at each level; `imminent` deliberately means the same as `removed`. */
export const FAILING_STATUSES: Record<FailLevel, readonly Status[]> = {
  removed: ['removed', 'imminent'],
  imminent: ['removed', 'imminent'],
  deprecated: ['removed', 'imminent', 'scheduled'],
  none: [],
};

type CommonValues = CiValues & {
  now?: string;
  'imminent-days'?: string;
  schedule?: string;
  ignore?: string[];
  format?: string;
  'fail-on'?: string;
  project?: string;
  'max-file-size'?: string;
  'minified-line-length'?: string;
  'file-timeout'?: string;
  'allow-empty'?: boolean;
};

export function parseLintFlags(values: CommonValues, positionals: string[], cwd: string): LintFlags {
  const now = parseNow(values.now);
  const imminentDays = parseNonNegativeInteger('--imminent-days', values['imminent-days'], DEFAULT_IMMINENT_DAYS);
  const format = parseChoice('--format', values.format, FORMATS, 'text');
  const failOn = parseChoice('--fail-on', values['fail-on'], FAIL_LEVELS, 'removed');
  const schedule = scheduleFromFlag(values.schedule, cwd);
  const ci = parseCiFlags(values, cwd, schedule);
  const ignore = [...new Set([...parseIgnore(values.ignore ?? [], schedule), ...ignoredForOnly(ci.only, schedule)])].sort();
  return {
    ...ci,
    paths: positionals.length > 0 ? positionals : ['.'],
    now,
    imminentDays,
    schedule,
    schedulePath: values.schedule === undefined ? undefined : path.resolve(cwd, values.schedule),
    ignore,
    format,
    failOn,
    ...(values.project === undefined ? {} : { project: parseProject(values.project, cwd) }),
    limits: parseLimits(values),
    allowEmpty: values['allow-empty'] ?? false,
  };
}

/** `--project tsconfig.json` or a directory holding one. */
function parseProject(value: string, cwd: string): string {
  if (value.trim() === '') throw new UsageError('--project: expected a tsconfig.json file or a directory that holds one');
  let file = path.resolve(cwd, value);
  let stats = statSync(file, { throwIfNoEntry: false });
  if (stats?.isDirectory()) {
    file = path.join(file, 'tsconfig.json');
    stats = statSync(file, { throwIfNoEntry: false });
  }
  if (!stats?.isFile()) throw new UsageError(`--project: ${value}: no such tsconfig file${stats === undefined && !value.endsWith('.json') ? ' (or directory with a tsconfig.json)' : ''}`);
  if (!typescriptEslintParser()) throw new UsageError(`--project: ${MISSING_TYPESCRIPT_PARSER}`);
  // A broken tsconfig is a configuration error, said once, not a "parse error" in every file.
  const problems = tsconfigProblems(file);
  if (problems.length > 0) throw new UsageError(`--project: ${value} has errors:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  return file;
}

/** `--ignore a,b --ignore c`; an unknown id is almost always a typo, so it is an error rather than a silent no-op. */
function parseIgnore(values: string[], schedule: Schedule): string[] {
  const ids = values.flatMap((value) => value.split(',')).map((id) => id.trim()).filter((id) => id !== '');
  const resolved = resolveItemIds(schedule, ids);
  if (resolved.unknown.length > 0) {
    throw new UsageError(`--ignore: unknown item id${resolved.unknown.length === 1 ? '' : 's'} ${resolved.unknown.map((id) => `"${id}"`).join(', ')} ("api-sunset schedule" lists the ids)`);
  }
  return resolved.ids;
}
