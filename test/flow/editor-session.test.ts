import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it, vi } from 'vitest';
import plugin from '../../src/index.js';
import { CORPUS } from './corpus.js';

/**
 * An editor relints the file being edited on every change. The engine answers from the file's
 * neighbourhood (it, its importers and theirs) on top of the project's last analysis, so a
 * formatter that only receives a response from another module keeps its findings while it is
 * edited, and loses them when the read goes away.
 */
const PROJECT = path.join(CORPUS, 'mcp-server');
const FORMATTER = path.join(PROJECT, 'src/formatters/search.ts');
const TOOLS = path.join(PROJECT, 'src/tools/index.ts');

const linter = new Linter({ configType: 'flat', cwd: PROJECT });
const config: Linter.Config[] = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tsParser as Linter.Parser },
    plugins: { 'api-sunset': plugin as unknown as NonNullable<Linter.Config['plugins']>[string] },
    settings: { 'api-sunset': { now: '2026-11-22' } },
    rules: { 'api-sunset/no-deprecated-api': 'error', 'api-sunset/no-removed-api': 'error' },
  },
];

const snippetReads = (text: string, file = FORMATTER) =>
  linter
    .verify(text, config, file)
    .filter((message) => message.message.includes('SearchResultSnippet.snippet'))
    .map((message) => `${message.line}:${message.column}`);

describe('relinting an edited file', () => {
  const original = readFileSync(FORMATTER, 'utf8');

  it('keeps the findings that come through an importer, at their new lines', () => {
    expect(snippetReads(original)).toEqual(['6:96', '9:165']);
    expect(snippetReads(`// an edit\n${original}`)).toEqual(['7:96', '10:165']);
  });

  it('drops a finding whose read the edit removes, and finds it again when it comes back', () => {
    expect(snippetReads(original.replace('s./*~ SearchResultSnippet.snippet */snippet', 's.text'))).toEqual(['9:165']);
    expect(snippetReads(original)).toEqual(['6:96', '9:165']);
  });

  it('answers for another file from the whole project again', () => {
    const tools = readFileSync(TOOLS, 'utf8');
    expect(linter.verify(tools, config, TOOLS).filter((message) => message.fatal)).toEqual([]);
    expect(snippetReads(original)).toEqual(['6:96', '9:165']);
  });
});

/**
 * Project roots are kept per directory for the life of the process; an editor session looks at the
 * disk again every few seconds, and a package.json added meanwhile makes a folder a project of its
 * own: a formatter there no longer receives the responses of the files above it.
 */
describe('a package.json added during an editor session', () => {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'api-sunset-roots-'));
  cpSync(PROJECT, copy, { recursive: true });
  const formatter = path.join(copy, path.relative(PROJECT, FORMATTER));
  afterAll(() => {
    vi.useRealTimers();
    rmSync(copy, { recursive: true, force: true });
  });

  it('splits the project once the session looks at the disk again', () => {
    // A clock later than any other test of this file left the session at.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2100-01-01T10:00:00Z'));
    const inCopy = new Linter({ configType: 'flat', cwd: copy });
    const text = readFileSync(formatter, 'utf8');
    const reads = () => inCopy.verify(text, config, formatter).filter((message) => message.message.includes('SearchResultSnippet.snippet')).length;
    expect(reads()).toBe(2);
    writeFileSync(path.join(path.dirname(formatter), 'package.json'), '{}');
    // Within the interval the session answers as before; after it, the formatter is a project of its own.
    expect(reads()).toBe(2);
    vi.setSystemTime(new Date('2100-01-01T10:00:05Z'));
    expect(reads()).toBe(0);
  });
});
