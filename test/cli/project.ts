import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dirs.js';

export const FIXTURES = path.join(ROOT, 'test/fixtures/cli');

/** A throw-away copy of a fixture project (or an empty directory), so tests can write and fix freely. */
export function copyProject(fixture?: string): string {
  const dir = tempDir('cli');
  if (fixture) cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
  return dir;
}

export function writeFiles(dir: string, files: Record<string, string | Buffer>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
}

/** Every file's bytes, to show that a command wrote nothing. */
export function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const child = path.join(current, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(child);
      else if (entry.isFile()) files[path.relative(dir, child)] = `${statSync(child).mode.toString(8)} ${readFileSync(child, 'base64')}`;
    }
  };
  walk(dir);
  return files;
}
