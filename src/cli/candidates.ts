import { readFileSync } from 'node:fs';
import { serviceGate } from '../flow/sessions.js';
import { mayContainTypedFinding } from '../judge/typed-fields.js';
import type { Settings } from '../settings.js';
import type { Skipped } from './findings.js';
import type { CliIo } from './io.js';
import type { LintFlags } from './lint-flags.js';
import { progressBar } from './progress.js';
import { filesTheAnalysisFound } from './project-candidates.js';
import { decodeSource, type SourceText } from './source-text.js';

/** A file worth parsing: it mentions something a finding needs. */
export interface Candidate {
  file: string;
  bytes: Buffer;
  source: SourceText;
}

/**
 * Reads every file once and hands on only those that may hold a finding: those that name the
 * service (the cheap text check) and those the analysis of their project found findings or
 * requests in. On a big tree most files never reach ESLint's parser. Unreadable files are skipped
 * with the system's reason. Returns how many files needed checking (handed on, or could not be read).
 */
export async function forEachCandidate(
  files: readonly string[],
  flags: Pick<LintFlags, 'now' | 'imminentDays' | 'schedule' | 'project'>,
  io: CliIo,
  label: string,
  skipped: Skipped[],
  visit: (candidate: Candidate) => Promise<void>,
  roots: readonly string[],
): Promise<number> {
  const settings: Settings = { now: flags.now, imminentDays: flags.imminentDays, schedule: flags.schedule, wrappers: [] };
  const gate = serviceGate(settings);
  const found = filesTheAnalysisFound(files, settings, roots);
  const progress = progressBar(io, files.length, label);
  let candidates = 0;
  try {
    for (const file of files) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch (error) {
        skipped.push({ file, message: `could not read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` });
        candidates++;
        progress.tick();
        continue;
      }
      const source = decodeSource(bytes);
      // With --project, types from other files can tie a field to the service: the name alone gets a file parsed.
      if (found.has(file) || gate(source.text) || (flags.project !== undefined && mayContainTypedFinding(source.text, settings))) {
        candidates++;
        await visit({ file, bytes, source });
      }
      progress.tick();
    }
  } finally {
    progress.done();
  }
  return candidates;
}
