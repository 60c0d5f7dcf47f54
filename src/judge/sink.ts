import type { Status } from '../schedule/status.js';

/**
 * What a reported finding was about, beyond ESLint's message text. ESLint's LintMessage carries no
 * rule data, so the CLI, which runs ESLint in this same process, reads this side channel to print
 * item ids, statuses and fixability. Editors never enable it, so it costs nothing there.
 */
export interface SinkEntry {
  ruleId: string;
  itemId: string;
  /** How people know the item: where it sits (`SearchResultSnippet.snippet`). */
  item: string;
  status: Status;
  removal: string;
  daysLeft: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  fix: 'auto' | 'suggestion' | 'none';
  /** The rewrite waits for this release of the SDK (the project has an older one installed). */
  upgrade?: { package: string; installed: string; release?: string };
}

let sink: Map<string, SinkEntry[]> | undefined;

/** Starts recording; returns the map of absolute file path to the entries of its latest lint pass. */
export function enableSink(): Map<string, SinkEntry[]> {
  sink = new Map();
  return sink;
}

export function disableSink(): void {
  sink = undefined;
}

/** A new lint pass over a file (ESLint's fix loop lints a file several times): forget its older entries for this rule. */
export function resetSinkFor(file: string, ruleId: string): void {
  const entries = sink?.get(file);
  if (entries) sink!.set(file, entries.filter((entry) => entry.ruleId !== ruleId));
}

export function recordInSink(file: string, entry: SinkEntry): void {
  if (!sink) return;
  const entries = sink.get(file) ?? [];
  entries.push(entry);
  sink.set(file, entries);
}
