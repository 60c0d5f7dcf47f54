import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { disableSink, enableSink, type SinkEntry } from '../../src/judge/sink.js';
import { findItems, loadBundledSchedule } from '../../src/schedule/index.js';
import { recommended, ROOT, sunsetSettings } from './tester.js';

const EXAMPLE = path.join(ROOT, 'examples/legacy-client');
const schedule = loadBundledSchedule();
const endpointIds = new Set(schedule.items.filter((item) => item.anchor.kind === 'operation').map((item) => item.id));
/** EXPECTED.md names items by the ids they had before the documents' marks: today's aliases. */
const isItem = (id: string | undefined, written: string) => findItems(schedule, written).some((item) => item.id === id);

interface UseRow {
  item: string;
  at: string;
  token: string;
  kind: string;
  autofix: boolean;
  fixTo: string;
}

/** The rows of one of EXPECTED.md's tables, split into cells. */
function table(heading: string): string[][] {
  const text = readFileSync(path.join(EXAMPLE, 'EXPECTED.md'), 'utf8');
  const start = text.indexOf(heading);
  const end = text.indexOf('\n## ', start + heading.length);
  return text
    .slice(start, end === -1 ? undefined : end)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !/^\| (?:item|at) \|/.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()));
}

const unquote = (cell: string) => cell.replace(/^`|`$/g, '');

/** EXPECTED.md's request and response rows (the endpoint rows are example.test.ts's). */
const FIELD_ROWS: UseRow[] = table('## Uses')
  .filter((cells) => /^(?:request|response)-/.test(cells[4]!))
  .map((cells) => ({ item: cells[1]!, at: cells[2]!, token: unquote(cells[3]!), kind: cells[4]!, autofix: cells[6] === 'autofix', fixTo: unquote(cells[7]!) }));
const SILENT = table('## Silent').map((cells) => cells[1]!);
const JUDGEMENT = table('## Judgement').map((cells) => cells[1]!);

function config(): Linter.Config[] {
  return [
    { files: ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}'], languageOptions: { parser: tsParser as Linter.Parser } },
    recommended,
    { settings: sunsetSettings() },
  ];
}

describe('examples/legacy-client: request and response fields', { timeout: SLOW_TEST_TIMEOUT }, () => {
  const found = new Map<string, SinkEntry>();

  beforeAll(async () => {
    const sink = enableSink();
    const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: config() });
    for (const result of await eslint.lintFiles(['examples/legacy-client'])) {
      for (const entry of sink.get(result.filePath) ?? []) {
        if (!endpointIds.has(entry.itemId)) found.set(`${path.relative(EXAMPLE, result.filePath)}:${entry.line}:${entry.column}`, entry);
      }
    }
  }, SLOW_TEST_TIMEOUT);

  afterAll(() => disableSink());

  it('EXPECTED.md lists the field uses this test reads', () => {
    expect(FIELD_ROWS.length).toBe(62);
    for (const row of FIELD_ROWS) {
      const [file, line, column] = row.at.split(':');
      const text = readFileSync(path.join(EXAMPLE, file!), 'utf8').split('\n')[Number(line) - 1]!;
      expect(text.slice(Number(column) - 1).startsWith(row.token), row.at).toBe(true);
    }
  });

  it('finds every request and response use, as its item', () => {
    const missing = FIELD_ROWS.filter((row) => !isItem(found.get(row.at)?.itemId, row.item)).map((row) => `${row.at} ${row.item} (${row.kind})`);
    expect(missing).toEqual([]);
  });

  it('offers --fix exactly where EXPECTED.md says a safe rewrite exists', () => {
    const wrong = FIELD_ROWS.filter((row) => (found.get(row.at)?.fix === 'auto') !== row.autofix).map((row) => `${row.at} ${row.item}: ${found.get(row.at)?.fix}`);
    expect(wrong).toEqual([]);
  });

  it('reports nothing else: no look-alike, no position outside the Uses and Judgement tables', () => {
    const known = new Set([...FIELD_ROWS.map((row) => row.at), ...JUDGEMENT]);
    const extra = [...found.keys()].filter((at) => !known.has(at));
    expect(extra).toEqual([]);
    expect(SILENT.filter((at) => found.has(at))).toEqual([]);
  });
});

describe('examples/legacy-client: eslint --fix on a copy', { timeout: SLOW_TEST_TIMEOUT }, () => {
  // Inside the repository, so that the copy resolves the SDK and @types/node from its node_modules.
  const copy = mkdtempSync(path.join(ROOT, '.fix-copy-'));
  const original = (file: string) => readFileSync(path.join(EXAMPLE, file), 'utf8').split('\n');
  const fixed = (file: string) => readFileSync(path.join(copy, file), 'utf8').split('\n');
  const autofixRows = FIELD_ROWS.filter((row) => row.autofix);

  beforeAll(async () => {
    cpSync(EXAMPLE, copy, { recursive: true });
    const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: config(), fix: true });
    await ESLint.outputFixes(await eslint.lintFiles([copy]));
  }, SLOW_TEST_TIMEOUT);

  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('rewrites each autofix row to its fix_to text', () => {
    for (const row of autofixRows) {
      const [file, line] = row.at.split(':');
      expect(fixed(file!)[Number(line) - 1], row.at).toContain(row.fixTo.replace(/^`|`$/g, ''));
    }
  });

  it('changes no other line', () => {
    const expectedLines = new Set(autofixRows.map((row) => row.at.split(':').slice(0, 2).join(':')));
    const changed: string[] = [];
    for (const file of new Set(FIELD_ROWS.map((row) => row.at.split(':')[0]!))) {
      const before = original(file);
      const after = fixed(file);
      expect(after.length, file).toBe(before.length);
      before.forEach((text, i) => {
        if (after[i] !== text) changed.push(`${file}:${i + 1}`);
      });
    }
    expect(changed.sort()).toEqual([...expectedLines].sort());
  });

  it('leaves a program that still type-checks', () => {
    const configFile = ts.readConfigFile(path.join(copy, 'tsconfig.json'), ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, copy);
    const program = ts.createProgram(parsed.fileNames, parsed.options);
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);
  });

  it('finds nothing more to fix on a second pass', async () => {
    const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: config(), fix: true });
    const results = await eslint.lintFiles([copy]);
    expect(results.filter((result) => result.output !== undefined).map((result) => result.filePath)).toEqual([]);
  });
});
