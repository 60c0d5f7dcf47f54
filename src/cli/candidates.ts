import { readFileSync, statSync } from 'node:fs';
import { serviceGate } from '../flow/sessions.js';
import { mayContainTypedFinding } from '../judge/typed-fields.js';
import type { Settings } from '../settings.js';
import { limitSkip, READ_LIMIT } from './file-limits.js';
import type { Skipped } from './findings.js';
import { describeFsError } from './fs-errors.js';
import type { CliIo } from './io.js';
import type { LintFlags } from './lint-flags.js';
import { progressBar } from './progress.js';
import { decodeSource, undecodable, type SourceText } from './source-text.js';

/** A file worth parsing: it mentions something a finding needs. */
export interface Candidate {
  file: string;
  bytes: Buffer;
  source: SourceText;
}

/**
 * Reads every file once and hands on only those that may hold a finding and pass the file limits:
 * those that name the service (the cheap text check) and those the analysis of their project
 * `found` findings or requests in (see OpenedProjects). On a big tree most files never reach
 * ESLint's parser. Unreadable and undecodable files, and files the limits leave out, are listed as
 * skipped with the reason. Returns how many files needed checking (handed on, left out by a limit,
 * or could not be read).
 */
export async function forEachCandidate(
  files: readonly string[],
  flags: Pick<LintFlags, 'now' | 'imminentDays' | 'schedule' | 'project' | 'limits'>,
  io: CliIo,
  label: string,
  skipped: Skipped[],
  visit: (candidate: Candidate) => Promise<void>,
  analysed: Promise<ReadonlySet<string>> | ReadonlySet<string>,
): Promise<number> {
  const settings: Settings = { now: flags.now, imminentDays: flags.imminentDays, schedule: flags.schedule, wrappers: [] };
  const gate = serviceGate(settings);
  const found = await analysed;
  const progress = progressBar(io, files.length, label);
  let candidates = 0;
  const skip = (entry: Skipped) => {
    skipped.push(entry);
    candidates++;
  };
  const consider = async (file: string) => {
    let bytes: Buffer;
    try {
      // Not even read for the text check: nothing that big is source code, and it may not fit in a string.
      const size = statSync(file).size;
      if (size > READ_LIMIT) return skip(limitSkip(file, size, undefined, flags.limits)!);
      bytes = readFileSync(file);
    } catch (error) {
      return skip({ file, reason: 'unreadable', message: `could not read the file: ${describeFsError(error)}` });
    }
    const problem = undecodable(bytes);
    if (problem) return skip({ file, reason: 'encoding', message: problem });
    const source = decodeSource(bytes);
    // With --project, types from other files can tie a field to the service: the name alone gets a file parsed.
    if (!found.has(file) && !gate(source.text) && !(flags.project !== undefined && mayContainTypedFinding(source.text, settings))) return;
    const limited = limitSkip(file, bytes.length, source.text, flags.limits);
    if (limited) return skip(limited);
    candidates++;
    await visit({ file, bytes, source });
  };
  try {
    for (const file of files) {
      await consider(file);
      progress.tick();
    }
  } finally {
    progress.done();
  }
  return candidates;
}
