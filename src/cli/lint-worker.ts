import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { boundHeapGrowthWhenLarge } from './heap-growth.js';
import { LintRunner, type RunnerFlags } from './lint-runner.js';
import { lintCwd } from './paths.js';

/** A request from `IsolatedLintRunner`: one file, one operation. */
export type WorkerRequest =
  | { id: number; op: 'check'; file: string; text: string }
  | { id: number; op: 'fix'; file: string; text: string; suggestions: boolean }
  | { id: number; op: 'secretLines'; file: string; text: string };

/** `ready` carries the files the analysis found (see OpenedProjects.found). */
export type WorkerReply = { type: 'ready'; found: string[] } | { type: 'result'; id: number; value: unknown } | { type: 'error'; id: number; message: string };

export interface WorkerInput {
  flags: RunnerFlags;
  roots: string[];
  /** The files the command walked, whose projects the worker analyses (see OpenedProjects). */
  files: readonly string[];
}

// The worker's whole life: one LintRunner, answering one request at a time until it is terminated.
const port = parentPort!;
const { flags, roots, files } = workerData as WorkerInput;
const runner = new LintRunner(flags, roots, files);

// Warm up before saying ready, so that no file's time limit pays for it: the analysis of each
// project runs once, here and nowhere else (the calling thread chooses its candidates by what it
// found), and the first lint loads the parser's lazy parts and, with --project, builds the
// TypeScript program, which can take minutes.
const lookAtHeap = boundHeapGrowthWhenLarge();
const { found } = runner.openProjects();
lookAtHeap();
await runner.check(path.join(lintCwd(roots), '.api-sunset-warm-up.ts'), '');

port.on('message', (request: WorkerRequest) => {
  answer(request).then(
    (value) => port.postMessage({ type: 'result', id: request.id, value } satisfies WorkerReply),
    (error: unknown) => port.postMessage({ type: 'error', id: request.id, message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerReply),
  );
});
port.postMessage({ type: 'ready', found: [...found] } satisfies WorkerReply);

function answer(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'check':
      return runner.check(request.file, request.text);
    case 'fix':
      return runner.fix(request.file, request.text, request.suggestions);
    case 'secretLines':
      return runner.secretLines(request.file, request.text);
  }
}
