import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import parser, { parseForESLint } from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/utils';
import { ESLint, type Linter } from 'eslint';
import { disableSink, enableSink, type SinkEntry } from '../../src/judge/sink.js';
import { collectSourceFiles } from '../../src/cli/walk.js';
import { componentSource, isComponentFile, originalOffsets } from '../../src/project/components.js';
import { lineStarts, position } from '../../src/project/packed-tokens.js';
import vueParser from 'vue-eslint-parser';
import * as svelteParser from 'svelte-eslint-parser';
import plugin from '../../src/index.js';
import { itemLabel, loadBundledSchedule } from '../../src/schedule/index.js';
import { ROOT, runCli } from '../helpers/cli.js';

/** The acceptance corpus of the value-flow engine: one client project per folder (see its README). */
export const CORPUS = path.join(ROOT, 'test/fixtures/flow');

/** Fixed, so that which items are removed and which scheduled never depends on the day the test runs. */
export const NOW = '2026-11-24';

const RULES = ['api-sunset/no-removed-api', 'api-sunset/no-deprecated-api'] as const;

/** A finding, expected (from a marker) or reported: where, in a project-relative POSIX path, and which item. */
export interface Finding {
  file: string;
  line: number;
  column: number;
  label: string;
}

export interface MarkedFile {
  file: string;
  markers: Finding[];
  /** What is wrong with the file's markers, one line each, with the position. */
  problems: string[];
}

/** The project folders: every direct child of the corpus that has a package.json. */
export function listProjects(): string[] {
  return readdirSync(CORPUS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(CORPUS, entry.name, 'package.json')))
    .map((entry) => entry.name)
    .sort();
}

/** The files `api-sunset check` would look at: the same walk, so both ways of linting see the same project. */
export function sourceFiles(project: string): string[] {
  const dir = path.join(CORPUS, project);
  return collectSourceFiles([dir], dir).files;
}

const relative = (project: string, file: string) => path.relative(path.join(CORPUS, project), file).split(path.sep).join('/');

const LABELS = new Set(loadBundledSchedule().items.map(itemLabel));

/** Where a finding can start: a property or function name, a string, a template (by AST node, since tokens in JSX are mistyped). */
function markableStarts(ast: TSESTree.Program, visitorKeys: Record<string, readonly string[] | undefined>): Set<number> {
  const starts = new Set<number>();
  const visit = (node: TSESTree.Node) => {
    if (node.type === 'Identifier' || node.type === 'TemplateLiteral' || (node.type === 'Literal' && typeof node.value === 'string')) starts.add(node.range[0]);
    for (const key of visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const item of Array.isArray(child) ? child : [child]) if (item && typeof item === 'object' && 'type' in item) visit(item as TSESTree.Node);
    }
  };
  visit(ast);
  return starts;
}

/**
 * The markers of one file (`/*~ LABEL *\/` right before a token). Parsed, not matched by a regular
 * expression, so a marker is a real comment and "right before" means no character in between.
 */
export function readMarkers(project: string, file: string): MarkedFile {
  const name = relative(project, file);
  const fileText = readFileSync(file, 'utf8');
  // A component's markers in its markup are read in the code made of it, and placed where they are written.
  const text = isComponentFile(file) ? componentSource(file, fileText) : fileText;
  const lines = lineStarts(fileText);
  const original = originalOffsets(file, fileText);
  const placeOf = (offset: number) => position(original(offset), lines);
  const { ast, visitorKeys } = parseForESLint(text, { filePath: file, ecmaFeatures: { jsx: true }, sourceType: 'module', range: true, loc: true, comment: true, tokens: true });
  const tokenAt = new Map(ast.tokens.map((token) => [token.range[0], token]));
  const markable = markableStarts(ast, visitorKeys);
  const markerAt = new Map<number, (typeof ast.comments)[number]>();
  const markers: Finding[] = [];
  const problems: string[] = [];
  for (const comment of ast.comments ?? []) {
    if (comment.type === 'Block' && comment.value.startsWith('~')) markerAt.set(comment.range[0], comment);
  }
  for (const comment of markerAt.values()) {
    const at = placeOf(comment.range[0]);
    const where = `${name}:${at.line}:${at.column + 1}`;
    const label = comment.value.slice(1).trim();
    // A run of markers ends at the token they all stand before.
    let end = comment.range[1];
    while (markerAt.has(end)) end = markerAt.get(end)!.range[1];
    const token = tokenAt.get(end);
    if (!LABELS.has(label)) problems.push(`${where}: "${label}" is not the label of an item of the bundled schedule`);
    if (!token) {
      problems.push(`${where}: the marker "${label}" is not immediately before a token`);
      continue;
    }
    if (!markable.has(end)) problems.push(`${where}: the marker "${label}" stands before \`${token.value}\`, not a name, string or template`);
    const place = placeOf(token.range[0]);
    markers.push({ file: name, line: place.line, column: place.column + 1, label });
  }
  // `/*~` in JSX text or in a string is no comment: the expectation would be lost without a word.
  const written = text.split('/*~').length - 1;
  if (written !== markerAt.size) problems.push(`${name}: ${written - markerAt.size} of ${written} markers are not comments (JSX text or a string?)`);
  const keys = markers.map(keyOf);
  for (const key of new Set(keys)) if (keys.indexOf(key) !== keys.lastIndexOf(key)) problems.push(`${key}: marked twice`);
  return { file: name, markers, problems };
}

export function projectMarkers(project: string): Finding[] {
  return sourceFiles(project).flatMap((file) => readMarkers(project, file).markers);
}

export const keyOf = (finding: Finding) => `${finding.file}:${finding.line}:${finding.column}  ${finding.label}`;


/** Both rules through ESLint's Node API, without type information, and the item of each message from the plugin's side channel. */
export async function lintProject(project: string): Promise<Finding[]> {
  const dir = path.join(CORPUS, project);
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}'],
        languageOptions: { parser: parser as Linter.Parser, parserOptions: { ecmaFeatures: { jsx: true } } },
        plugins: { 'api-sunset': plugin as unknown as ESLint.Plugin },
        rules: { 'api-sunset/no-removed-api': 'error', 'api-sunset/no-deprecated-api': 'warn' },
        settings: { 'api-sunset': { now: NOW } },
      },
      {
        // The components' own parsers, as in an editor: their trees hold the markup's expressions at the file's offsets.
        files: ['**/*.vue'],
        languageOptions: { parser: vueParser as Linter.Parser, parserOptions: { parser, ecmaFeatures: { jsx: true } } },
        plugins: { 'api-sunset': plugin as unknown as ESLint.Plugin },
        rules: { 'api-sunset/no-removed-api': 'error', 'api-sunset/no-deprecated-api': 'warn' },
        settings: { 'api-sunset': { now: NOW } },
      },
      {
        files: ['**/*.svelte'],
        languageOptions: { parser: svelteParser as Linter.Parser, parserOptions: { parser } },
        plugins: { 'api-sunset': plugin as unknown as ESLint.Plugin },
        rules: { 'api-sunset/no-removed-api': 'error', 'api-sunset/no-deprecated-api': 'warn' },
        settings: { 'api-sunset': { now: NOW } },
      },
    ],
  });
  const sink = enableSink();
  try {
    const results = await eslint.lintFiles(sourceFiles(project));
    return results.flatMap((result) => {
      const fatal = result.messages.find((message) => message.fatal);
      if (fatal) throw new Error(`${relative(project, result.filePath)}:${fatal.line}:${fatal.column}: ${fatal.message}`);
      const entries = [...(sink.get(result.filePath) ?? [])];
      return result.messages
        .filter((message) => (RULES as readonly string[]).includes(message.ruleId ?? ''))
        .map((message) => ({ file: relative(project, result.filePath), line: message.line, column: message.column, label: takeLabel(entries, message) }));
    });
  } finally {
    disableSink();
  }
}

/** The side channel's entry for a message; a message the rule reported without one shows up as an unexpected finding. */
function takeLabel(entries: SinkEntry[], message: Linter.LintMessage): string {
  const index = entries.findIndex((entry) => entry.ruleId === message.ruleId && entry.line === message.line && entry.column === message.column && entry.message === message.message);
  if (index === -1) return `(no side-channel entry: ${message.message})`;
  return entries.splice(index, 1)[0]!.item;
}

/** `api-sunset check --format json` on the project, in-process. */
export async function checkProject(project: string): Promise<{ findings: Finding[]; skipped: string[]; stderr: string; code: number }> {
  const { code, stdout, stderr } = await runCli(['check', '--format', 'json', '--now', NOW, '--fail-on', 'none'], { cwd: path.join(CORPUS, project) });
  if (code !== 0) return { findings: [], skipped: [], stderr, code };
  const report = JSON.parse(stdout) as { findings: Array<Finding & { item: string }>; skipped: Array<{ file: string; message: string }> };
  return {
    findings: report.findings.map(({ file, line, column, item }) => ({ file, line, column, label: item })),
    skipped: report.skipped.map(({ file, message }) => `${file}: ${message}`),
    stderr,
    code,
  };
}

/**
 * What the markers ask for and was not reported, and what was reported without a marker, each line
 * with the source line it points at. A finding reported twice is one too many.
 */
export function compare(project: string, expected: Finding[], reported: Finding[]): { missing: string[]; unexpected: string[] } {
  const left = new Map<string, number>();
  for (const finding of reported) left.set(keyOf(finding), (left.get(keyOf(finding)) ?? 0) + 1);
  const missing: string[] = [];
  for (const finding of expected) {
    const count = left.get(keyOf(finding)) ?? 0;
    if (count === 0) missing.push(withSource(project, finding));
    else left.set(keyOf(finding), count - 1);
  }
  const unexpected = reported.filter((finding) => {
    const count = left.get(keyOf(finding)) ?? 0;
    if (count === 0) return false;
    left.set(keyOf(finding), count - 1);
    return true;
  });
  return { missing: missing.sort(), unexpected: unexpected.map((finding) => withSource(project, finding)).sort() };
}

const sources = new Map<string, string[]>();

/** `src/chat.ts:12:7  ChatMessage.citations  | return m.citations ?? [];` */
function withSource(project: string, finding: Finding): string {
  const file = path.join(CORPUS, project, finding.file);
  if (!sources.has(file)) sources.set(file, existsSync(file) ? readFileSync(file, 'utf8').split('\n') : []);
  const line = (sources.get(file)![finding.line - 1] ?? '').trim().replace(/\/\*~[^*]*\*\//g, '');
  return `${keyOf(finding)}  | ${line}`;
}
