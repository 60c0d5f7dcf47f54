import { execFile } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dirs.js';

/**
 * A throw-away project outside the repository that uses the built plugin the way a user's project
 * does: `eslint-plugin-api-sunset` in its node_modules (a link to this repository, whose dist/ `npm
 * test` builds first) next to links to the repository's copies of the tools it names.
 */
export function scratchProject(files: Record<string, string>, tools: string[] = ['eslint']): string {
  const dir = tempDir('scratch');
  const modules = path.join(dir, 'node_modules');
  for (const name of [...tools, 'eslint-plugin-api-sunset']) {
    const target = name === 'eslint-plugin-api-sunset' ? ROOT : path.join(ROOT, 'node_modules', name);
    mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    symlinkSync(target, path.join(modules, name), 'dir');
  }
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a package's bin from the repository's node_modules in `cwd`, never failing on a non-zero exit. */
export async function runTool(bin: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules', bin), ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

export const ESLINT_BIN = 'eslint/bin/eslint.js';
export const TSC_BIN = 'typescript/bin/tsc';

interface EslintFileResult {
  filePath: string;
  messages: { ruleId: string | null; message: string; line: number; fatal?: boolean }[];
}

/** `eslint --format json` output as `{ relative file: ruleIds }`. */
export function ruleIdsByFile(stdout: string, dir: string): Record<string, (string | null)[]> {
  const results = JSON.parse(stdout) as EslintFileResult[];
  return Object.fromEntries(results.map((result) => [path.relative(dir, result.filePath).split(path.sep).join('/'), result.messages.map((message) => message.ruleId)]));
}
