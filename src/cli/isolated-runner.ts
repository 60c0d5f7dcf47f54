import { Worker } from 'node:worker_threads';
import type { FileLinter, FixOutcome, LintFailure, LintOutcome, RunnerFlags } from './lint-runner.js';
import type { WorkerInput, WorkerReply, WorkerRequest } from './lint-worker.js';

export interface IsolationOptions {
  /** Milliseconds one request (one file's check, fix or secret scan) may take; 0: no limit. */
  timeout: number;
  /** The worker script; tests point it at a stand-in. */
  workerUrl?: URL;
  /** The worker's heap limit in MB; Node's (or NODE_OPTIONS=--max-old-space-size's) when undefined. */
  maxHeapMb?: number;
  /**
   * The files the command walked. The worker analyses their projects over these files before it
   * is ready, and says which files the analysis found (see `found`); without them each file's
   * project is read from disk when it is first linted.
   */
  files?: readonly string[];
}

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;
type Answer = { ok: true; value: unknown } | { ok: false; failure: LintFailure };

interface LiveWorker {
  thread: Worker;
  /** Settles once the worker has analysed the projects, with the files the analysis found. */
  ready: Promise<ReadonlySet<string>>;
  /** Settles the request in flight when the worker dies or runs out of time. */
  settle?: (answer: Answer) => void;
}

/**
 * A LintRunner in a worker thread, so that one file cannot end the run or hold it forever: a
 * request that takes longer than the timeout, or a worker that runs out of memory or dies, costs
 * that file only. The worker is terminated and a fresh one answers the next request. ESLint lints
 * synchronously, so within one thread a time limit could only be checked between files; a worker
 * can be stopped in the middle of one.
 *
 * A worker says it is ready once it has loaded ESLint, analysed the projects and linted an empty
 * file (which, with --project, builds the TypeScript program): no time limit counts that. The
 * projects are analysed there only: the calling thread parses nothing, and never loads TypeScript.
 */
export class IsolatedLintRunner implements FileLinter {
  private worker: LiveWorker | undefined;
  private nextId = 0;
  /** The first worker's answer: a worker started after one was stopped analyses the same files again. */
  private readonly analysed: Promise<ReadonlySet<string>>;

  /** Starts the worker at once: it loads ESLint and analyses the projects. */
  constructor(
    private readonly flags: RunnerFlags,
    private readonly roots: string[],
    private readonly options: IsolationOptions,
  ) {
    this.worker = this.start();
    this.analysed = this.worker.ready;
  }

  found(): Promise<ReadonlySet<string>> {
    return this.analysed;
  }

  async check(file: string, text: string): Promise<LintOutcome> {
    return this.outcome(file, await this.request({ op: 'check', file, text }), (value) => value as LintOutcome);
  }

  async fix(file: string, text: string, suggestions: boolean): Promise<FixOutcome> {
    return this.outcome(file, await this.request({ op: 'fix', file, text, suggestions }), (value) => value as FixOutcome, { output: text });
  }

  async secretLines(file: string, text: string): Promise<number[] | undefined> {
    const answer = await this.request({ op: 'secretLines', file, text });
    return answer.ok ? (answer.value as number[] | undefined) : undefined;
  }

  async dispose(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.thread.terminate();
  }

  private outcome<T extends LintOutcome>(file: string, answer: Answer, value: (value: unknown) => T, extra?: Omit<T, keyof LintOutcome>): T {
    if (answer.ok) return value(answer.value);
    return { file, messages: [], findings: [], failure: answer.failure, ...extra } as unknown as T;
  }

  private async request(request: Request): Promise<Answer> {
    const worker = (this.worker ??= this.start());
    await worker.ready;
    if (this.worker !== worker) return this.request(request);
    const id = this.nextId++;
    const bounded = this.options.timeout > 0;
    return new Promise<Answer>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      worker.settle = (answer) => {
        clearTimeout(timer);
        worker.settle = undefined;
        resolve(answer);
      };
      if (bounded) {
        timer = setTimeout(() => {
          const seconds = this.options.timeout / 1000;
          worker.settle?.({ ok: false, failure: { reason: 'timeout', message: `not checked: the analysis took longer than ${seconds} s (--file-timeout ${seconds})` } });
          this.discard(worker);
        }, this.options.timeout);
      }
      worker.thread.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  private start(): LiveWorker {
    const thread = new Worker(this.options.workerUrl ?? new URL('./lint-worker.js', import.meta.url), {
      workerData: { flags: this.flags, roots: this.roots, files: this.options.files ?? [] } satisfies WorkerInput,
      ...(this.options.maxHeapMb ? { resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb } } : {}),
    });
    let started!: (found: ReadonlySet<string>) => void;
    let failed!: (error: Error) => void;
    const worker: LiveWorker = { thread, ready: new Promise((resolve, reject) => ((started = resolve), (failed = reject))) };
    // Handled where a request waits for it; a worker that fails before any request is no unhandled rejection.
    worker.ready.catch(() => undefined);
    thread.on('message', (reply: WorkerReply) => {
      if (reply.type === 'ready') return started(new Set(reply.found));
      if (reply.type === 'result') worker.settle?.({ ok: true, value: reply.value });
      else worker.settle?.({ ok: false, failure: { reason: 'crash', message: `api-sunset could not analyse this file (please report this): ${reply.message.split('\n')[0]}` } });
    });
    thread.on('error', (error: Error & { code?: string }) => {
      // Before it is ready, a worker that fails is a broken installation or configuration: the run cannot go on.
      failed(error);
      const failure: LintFailure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { reason: 'out-of-memory', message: 'not checked: the analysis ran out of memory (raise the limit with NODE_OPTIONS=--max-old-space-size=MB)' }
          : { reason: 'crash', message: `api-sunset could not analyse this file (please report this): ${error.message.split('\n')[0]}` };
      worker.settle?.({ ok: false, failure });
      this.discard(worker);
    });
    thread.on('exit', () => {
      failed(new Error('the lint worker exited before it was ready'));
      worker.settle?.({ ok: false, failure: { reason: 'crash', message: 'api-sunset could not analyse this file (please report this): the lint worker exited' } });
      this.discard(worker);
    });
    return worker;
  }

  /** Stops a worker that timed out or failed; the next request starts a fresh one. */
  private discard(worker: LiveWorker): void {
    if (this.worker === worker) this.worker = undefined;
    void worker.thread.terminate();
  }
}
