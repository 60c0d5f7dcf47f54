import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseForESLint } from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/types';
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cliConfig, LintRunner, RULE_SEVERITIES, type RunnerFlags } from '../../src/cli/lint-runner.js';
import { collectSourceFiles } from '../../src/cli/walk.js';
import { reusingParser } from '../../src/cli/reused-parser.js';
import { eslintParsesAlike, parsesAlike, parseWithScopes, typescriptEslintParser, type EslintLanguageOptions } from '../../src/parsers.js';
import { ParsedModule, parseModule } from '../../src/project/module.js';
import { packLocations, unpackLocations } from '../../src/project/packed-locations.js';
import { packTokens, unpackTokens } from '../../src/project/packed-tokens.js';
import { ProjectIndex } from '../../src/project/project.js';
import { ROOT } from '../helpers/cli.js';
import { copyProject } from './project.js';
import { componentSource, isComponentFile } from '../../src/project/components.js';

const FLOW = path.join(ROOT, 'test/fixtures/flow');
const FLAGS: RunnerFlags = { now: '2026-11-22', imminentDays: 30, schedulePath: undefined, ignore: [] };

/** The options ESLint hands the parser for `file` under the CLI's configuration, caught on their way. */
function eslintParserOptions(file: string): Record<string, unknown> {
  let seen: Record<string, unknown> | undefined;
  const recording = {
    meta: { name: 'recording' },
    parseForESLint: (text: string, options: Record<string, unknown>) => {
      seen = options;
      return parseForESLint(text, options);
    },
  };
  const [config] = cliConfig(FLAGS);
  new Linter({ configType: 'flat', cwd: path.dirname(file) }).verify('', [{ ...config, rules: {}, languageOptions: { ...config!.languageOptions, parser: recording as Linter.Parser } }], file);
  return seen!;
}

/** A tree as plain data: every node, token and comment with its type, range and location, no parent links. */
function treeData(ast: unknown): string {
  return JSON.stringify(ast, (key, value: unknown) => (key === 'parent' ? undefined : value));
}

/** The scopes as plain data: each scope's kind, its variables and what each reference resolves to. */
function scopeData(scopeManager: unknown): string {
  const { scopes } = scopeManager as { scopes: { type: string; block: { range: number[] }; variables: { name: string; defs: unknown[] }[]; references: { identifier: { range: number[] }; resolved: { name: string } | null }[] }[] };
  return JSON.stringify(
    scopes.map((scope) => ({
      type: scope.type,
      block: scope.block.range,
      variables: scope.variables.map((variable) => [variable.name, variable.defs.length]),
      references: scope.references.map((reference) => [reference.identifier.range, reference.resolved?.name ?? null]),
    })),
  );
}

const SAMPLE = `#!/usr/bin/env node
/* a comment */ import { a } from './a.js';
// another
export async function f(x) { const { data } = await fetch(\`/rest/api/v1/\${x}\`); return data.results?.map((r) => r.snippet) ?? a; }
`;

describe("the analysis's parse stands for ESLint's", () => {
  it.each(['x.ts', 'x.mts', 'x.cts', 'x.tsx', 'x.js', 'x.mjs', 'x.jsx'])('for %s: the same tree, tokens, comments and scopes', (name) => {
    const file = path.join(FLOW, name);
    const options = eslintParserOptions(file);
    expect(parsesAlike(options, file)).toBe(true);
    const text = SAMPLE.replace(/^#!.*/, '//'); // ESLint's own rewrite of a shebang line
    const ours = parseWithScopes(text, file, 'eslint');
    const theirs = parseForESLint(text, options);
    expect(treeData(ours.ast)).toBe(treeData(theirs.ast));
    expect(scopeData(ours.scopeManager)).toBe(scopeData(theirs.scopeManager));
    expect(ours.ast.tokens?.length).toBeGreaterThan(10);
    expect(ours.ast.comments).toHaveLength(3);
  });

  it('not for a CommonJS file, which ESLint parses as a script', () => {
    const file = path.join(FLOW, 'x.cjs');
    expect(parsesAlike(eslintParserOptions(file), file)).toBe(false);
  });

  it('not when an option that shapes the tree or the scopes differs', () => {
    const file = path.join(FLOW, 'x.ts');
    const options = eslintParserOptions(file);
    expect(parsesAlike({ ...options, project: './tsconfig.json' }, file)).toBe(false);
    expect(parsesAlike({ ...options, lib: ['es2015'] }, file)).toBe(false);
    expect(parsesAlike({ ...options, ecmaFeatures: { jsx: true, globalReturn: true } }, file)).toBe(false);
    expect(parsesAlike({ ...options, sourceType: 'script' }, file)).toBe(false);
  });
});

/** The language options a rule sees for `file` under a flat config of `languageOptions`. */
function ruleLanguageOptions(file: string, languageOptions: Linter.Config['languageOptions']): EslintLanguageOptions {
  let seen: EslintLanguageOptions | undefined;
  const plugin = { rules: { see: { create: (context: { languageOptions: EslintLanguageOptions }) => ((seen = context.languageOptions), {}) } } };
  new Linter({ configType: 'flat', cwd: path.dirname(file) }).verify('const x = 1;\n', [{ files: ['**/*.{js,mjs,cjs,ts,tsx}'], plugins: { probe: plugin as never }, rules: { 'probe/see': 'error' }, ...(languageOptions ? { languageOptions } : {}) }], file);
  return seen!;
}

describe("ESLint's tree in a rule stands for the analysis's (the tree it borrows to start a part's analysis)", () => {
  it.each(['x.ts', 'x.tsx', 'x.js', 'x.mjs'])('under typescript-eslint\'s parser, for %s', (name) => {
    const file = path.join(FLOW, name);
    expect(eslintParsesAlike(ruleLanguageOptions(file, { parser: typescriptEslintParser() as Linter.Parser }), file)).toBe(true);
    expect(eslintParsesAlike(ruleLanguageOptions(file, { parser: typescriptEslintParser() as Linter.Parser, parserOptions: { ecmaFeatures: { jsx: true } } }), file)).toBe(true);
    // What typescript-eslint's own flat configs set: a wrapper around the same parser.
    expect(eslintParsesAlike(ruleLanguageOptions(file, { parser: tseslint.parser as Linter.Parser }), file)).toBe(true);
  });

  it("not under ESLint's own parser, another source type, or options that shape the tree", () => {
    const file = path.join(FLOW, 'x.js');
    const parser = typescriptEslintParser() as Linter.Parser;
    expect(eslintParsesAlike(ruleLanguageOptions(file, undefined), file)).toBe(false);
    const other = { meta: { name: 'another' }, parseForESLint: (text: string, options: Record<string, unknown>) => parseForESLint(text, options) };
    expect(eslintParsesAlike(ruleLanguageOptions(file, { parser: other as Linter.Parser }), file)).toBe(false);
    expect(eslintParsesAlike(ruleLanguageOptions(file, { parser, sourceType: 'script' }), file)).toBe(false);
    expect(eslintParsesAlike(ruleLanguageOptions(file, { parser, parserOptions: { lib: ['es2015'] } }), file)).toBe(false);
    expect(eslintParsesAlike(ruleLanguageOptions(path.join(FLOW, 'x.cjs'), { parser }), path.join(FLOW, 'x.cjs'))).toBe(false);
  });
});

describe("the index's packed tokens", () => {
  it.each([
    ['x.ts', 'class A { #n = 1; m() { return this.#n << 2 >>> 1; } }\r\nconst r = /a[/]b/gu, t = `x${1}y${`z`}`;\u2028let s = "😀" + \'\\u00e9\';\n'],
    ['x.tsx', 'const e = <div a="1">text {x} more</div>;\r// c\rexport type T<U> = U extends Array<infer V> ? V : never;\n'],
    ['x.js', '#!/usr/bin/env node\nlabel: for (;;) { if (a < b > c) break label; }\n'],
  ])('come back as the parser made them (%s)', (name, text) => {
    const { ast } = parseForESLint(text, { ...eslintParserOptions(path.join(FLOW, name)), filePath: path.join(FLOW, name) });
    const tokens = JSON.stringify(ast.tokens);
    packTokens(ast, text);
    expect(ast.tokens).toBeUndefined();
    unpackTokens(ast);
    expect(JSON.stringify(ast.tokens)).toBe(tokens);
  });
});

describe("the index's packed node locations", () => {
  it.each([
    ['x.ts', 'class A { #n = 1; m() { return this.#n << 2 >>> 1; } }\r\nconst r = /a[/]b/gu, t = `x${1}y${`z`}`;\u2028let s = "😀" + \'\\u00e9\';\n'],
    ['x.tsx', 'const e = <div a="1">text {x} more</div>;\r// c\rexport type T<U> = U extends Array<infer V> ? V : never;\n'],
    ['x.js', '#!/usr/bin/env node\nlabel: for (;;) { if (a < b > c) break label; }\n'],
    ['y.ts', '\n\n  // leading comment\n  @dec class B<T = string> extends C<T> implements D { declare x?: number; constructor(private y = 1) { super(); } }\n'],
  ])('come back as the parser made them (%s)', (name, text) => {
    const file = path.join(FLOW, name);
    const { ast, visitorKeys } = parseForESLint(text, { ...eslintParserOptions(file), filePath: file }) as { ast: TSESTree.Program; visitorKeys: Parameters<typeof packLocations>[2] };
    const tree = JSON.stringify(ast, (key, value) => (key === 'parent' || key === 'tokens' ? undefined : value));
    packLocations(ast, text, visitorKeys);
    expect(ast.body[0]!.loc).toBeUndefined();
    unpackLocations(ast);
    expect(JSON.stringify(ast, (key, value) => (key === 'parent' || key === 'tokens' ? undefined : value))).toBe(tree);
  });
});

describe('the reusing parser', () => {
  const file = path.join(FLOW, 'x.ts');
  const text = 'export const a = 1; // one\n';

  it("hands ESLint the analysis's parse of the same text, and parses anything else", () => {
    const module = parseModule(file, text, 'eslint');
    const parser = reusingParser(typescriptEslintParser()!, (asked, askedText) => (asked === file && askedText === text ? module : undefined)) as { parseForESLint(text: string, options: unknown): { ast: unknown } };
    const options = eslintParserOptions(file);
    expect(parser.parseForESLint(text, options).ast).toBe(module.ast);
    expect((module.ast as TSESTree.Program).body[0]!.loc).toEqual({ start: { line: 1, column: 0 }, end: { line: 1, column: 19 } });
    expect(parser.parseForESLint(`${text} `, options).ast).not.toBe(module.ast);
    expect(parser.parseForESLint(text, { ...options, sourceType: 'commonjs' }).ast).not.toBe(module.ast);
  });

  it('parses again when the tree was kept without its tokens or comments', () => {
    const { ast, scopeManager, visitorKeys } = parseWithScopes(text, file, 'eslint');
    delete ast.tokens;
    const module = new ParsedModule(file, text, ast, scopeManager as ParsedModule['scopeManager'], visitorKeys as ParsedModule['visitorKeys']);
    const parser = reusingParser(typescriptEslintParser()!, () => module) as { parseForESLint(text: string, options: unknown): { ast: { tokens?: unknown[] } } };
    const parsed = parser.parseForESLint(text, eslintParserOptions(file)).ast;
    expect(parsed).not.toBe(module.ast);
    expect(parsed.tokens).toHaveLength(6);
  });
});

describe('check lints the files the analysis parsed from its trees', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('with the same findings, fixes and suggestions as from a parse of its own', async () => {
    const reused = vi.spyOn(ProjectIndex.prototype, 'parsedFrom');
    const { files, roots } = collectSourceFiles([FLOW], ROOT);
    const runner = new LintRunner(FLAGS, roots, files);
    const own = new ESLint({ cwd: FLOW, overrideConfigFile: true, overrideConfig: cliConfig(FLAGS), ignore: false });
    const found = await runner.found();
    let fixes = 0;
    let suggestions = 0;
    try {
      // The files with findings or requests: the others get no listener at all.
      for (const file of found) {
        const text = readFileSync(file, 'utf8');
        // A component is linted as its module: its scripts, then its markup as code (project/components.ts).
        const [result] = await own.lintText(isComponentFile(file) ? componentSource(file, text) : text, { filePath: file });
        const expected = result!.messages.filter((message) => message.ruleId !== null && message.ruleId in RULE_SEVERITIES);
        const outcome = await runner.check(file, text);
        expect({ file, messages: outcome.messages }).toEqual({ file, messages: expected });
        fixes += expected.filter((message) => message.fix).length;
        suggestions += expected.filter((message) => message.suggestions?.length).length;
      }
    } finally {
      await runner.dispose();
    }
    // Not a comparison of nothing: the corpus has findings with fixes and suggestions, and most were linted from the analysis's trees.
    expect(found.size).toBeGreaterThan(50);
    expect(fixes).toBeGreaterThan(0);
    expect(suggestions).toBeGreaterThan(0);
    expect(reused.mock.results.filter((result) => result.value !== undefined).length).toBeGreaterThan(100);
  });

  it("forgets a file's tree once it is checked", async () => {
    // A copy: the project's session is the process's, and the test above is done with the fixture's trees.
    const project = copyProject();
    cpSync(path.join(FLOW, 'formatters'), project, { recursive: true });
    const { files, roots } = collectSourceFiles([project], project);
    const runner = new LintRunner(FLAGS, roots, files);
    const [file] = [...(await runner.found())];
    const text = readFileSync(file!, 'utf8');
    expect(runner.openProjects().parsed(file!, text)).toBeDefined();
    await runner.check(file!, text);
    expect(runner.openProjects().parsed(file!, text)).toBeUndefined();
    await runner.dispose();
  });
});
