import type { Skipped } from './findings.js';
import { UsageError } from './io.js';

/**
 * Per-file limits, so that one file cannot cost the whole run: a 5 MB minified bundle takes over a
 * minute and gigabytes to analyse, and a pathological file could take forever. Defaults follow
 * SonarJS (`sonar.javascript.maxFileSize`: 1000 KB) and SonarJS/CodeQL's minified-file test (lines
 * that average more than 200 characters).
 */
export interface FileLimits {
  /** Bytes; 0: no limit. */
  maxFileSize: number;
  /** Files whose lines average more than this many characters count as minified; 0: no limit. */
  minifiedLineLength: number;
  /** Milliseconds one file's analysis may take; 0: no limit. */
  fileTimeout: number;
}

export const DEFAULT_LIMITS: FileLimits = { maxFileSize: 1000 * 1024, minifiedLineLength: 200, fileTimeout: 60_000 };

/** Below this size a file costs nothing to analyse, so it is never judged minified. */
export const MINIFIED_MIN_SIZE = 4 * 1024;

/** Beyond this no source file goes; such a file is not even read for the text check. */
export const READ_LIMIT = 64 * 1024 * 1024;

export const LIMIT_OPTIONS = {
  'max-file-size': { type: 'string' },
  'minified-line-length': { type: 'string' },
  'file-timeout': { type: 'string' },
} as const;

export const LIMIT_HELP = `  --max-file-size KB     skip files larger than this (default: ${DEFAULT_LIMITS.maxFileSize / 1024}; 0: no limit)
  --minified-line-length N
                         skip files over ${MINIFIED_MIN_SIZE / 1024} KB whose lines average more than N characters:
                         minified code (default: ${DEFAULT_LIMITS.minifiedLineLength}; 0: check them too)
  --file-timeout SECONDS give up on a file whose analysis takes longer (default: ${DEFAULT_LIMITS.fileTimeout / 1000};
                         0: no limit); such a file is listed as not checked and the run goes on`;

type LimitValues = { 'max-file-size'?: string; 'minified-line-length'?: string; 'file-timeout'?: string };

export function parseLimits(values: LimitValues): FileLimits {
  return {
    maxFileSize: wholeNumber('--max-file-size', values['max-file-size'], DEFAULT_LIMITS.maxFileSize / 1024) * 1024,
    minifiedLineLength: wholeNumber('--minified-line-length', values['minified-line-length'], DEFAULT_LIMITS.minifiedLineLength),
    fileTimeout: seconds('--file-timeout', values['file-timeout'], DEFAULT_LIMITS.fileTimeout),
  };
}

function wholeNumber(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} expects a whole number (0 for no limit), got "${value}"`);
  return Number(value);
}

function seconds(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+(\.\d+)?$/.test(value)) throw new UsageError(`${flag} expects a number of seconds (0 for no limit), got "${value}"`);
  return Math.round(Number(value) * 1000);
}

/** Why a file that would need checking is left out by the limits, or undefined when it is not. */
export function limitSkip(file: string, size: number, text: string | undefined, limits: FileLimits): Skipped | undefined {
  if (size > READ_LIMIT || (limits.maxFileSize > 0 && size > limits.maxFileSize)) {
    const limit = limits.maxFileSize > 0 && limits.maxFileSize < READ_LIMIT ? `${kilobytes(limits.maxFileSize)}, --max-file-size` : `${kilobytes(READ_LIMIT)}, beyond which files are not read`;
    return { file, reason: 'too-large', message: `skipped: too large (${kilobytes(size)}; the limit is ${limit})` };
  }
  if (text === undefined || limits.minifiedLineLength === 0 || size < MINIFIED_MIN_SIZE) return undefined;
  const average = averageLineLength(text);
  if (average <= limits.minifiedLineLength) return undefined;
  return { file, reason: 'minified', message: `skipped: minified (lines average ${Math.round(average).toLocaleString('en-US')} characters; the limit is ${limits.minifiedLineLength}, --minified-line-length)` };
}

function averageLineLength(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.length / lines;
}

function kilobytes(bytes: number): string {
  return `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`;
}
