import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { run } from '../../src/cli/main.js';
import type { CliIo } from '../../src/cli/io.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BUILT_CLI = path.join(ROOT, 'dist/src/cli/main.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The signal that ended the process, for the built CLI (a fault test's SIGKILL). */
  signal?: NodeJS.Signals | null;
}

/**
 * Runs the CLI in-process with captured output: fast, and no terminal unless asked for. Files are
 * linted in this thread (not in a worker), so that a mocked plugin applies.
 */
export async function runCli(argv: string[], options: { cwd?: string; isTTY?: boolean; stderrIsTTY?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: options.cwd ?? ROOT,
    env: options.env ?? {},
    isTTY: options.isTTY ?? false,
    inProcessLinter: true,
    stderrIsTTY: options.stderrIsTTY ?? false,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

/** Runs the built CLI as a user would (`npm test` builds first), optionally with Node flags (a preloaded fault) and environment. */
export async function runBuiltCli(argv: string[], cwd = ROOT, options: { nodeArgs?: string[]; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  const args = [...(options.nodeArgs ?? []), BUILT_CLI, ...argv];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { cwd, env: { ...process.env, NO_COLOR: '1', ...options.env }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string; signal: NodeJS.Signals | null };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr, signal: failed.signal };
  }
}
