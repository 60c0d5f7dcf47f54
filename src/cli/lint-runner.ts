import path from 'node:path';
import type { ESLint, Linter } from 'eslint';
import { disableSink, enableSink, type SinkEntry } from '../judge/sink.js';
import plugin from '../index.js';
import { isTypeScriptFile, MISSING_TYPESCRIPT_PARSER, typescriptEslintParser } from '../parsers.js';
import type { Finding, SkipReason } from './findings.js';
import { withLineText } from './fingerprint.js';
import type { LintFlags } from './lint-flags.js';
import { lintCwd } from './paths.js';
import { openProjects, runnerSettings, type OpenedProjects } from './project-candidates.js';
import { createESLint } from './quiet-eslint.js';
import { reusingParser, type ParseLookup } from './reused-parser.js';
import { applyFirstSuggestions, MAX_SUGGESTION_PASSES } from './suggestions.js';
import { componentScript, componentSource, isComponentFile, originalOffsets } from '../project/components.js';
import { lineStarts, position } from '../project/packed-tokens.js';

export const RULE_SEVERITIES = {
  'api-sunset/no-removed-api': 'error',
  'api-sunset/no-deprecated-api': 'warn',
} as const;

/** Why a file could not be checked (or not fully), and where, when the parser or ESLint says. */
export interface LintFailure {
  reason: SkipReason;
  message: string;
  line?: number;
  column?: number;
}

export interface LintOutcome {
  file: string;
  /** The plugin's messages as ESLint reported them, for formatters that want ESLint's own shape. */
  messages: Linter.LintMessage[];
  findings: Finding[];
  /** Set when the file could not be checked at all (so it has no findings): why, and where the parser stopped. */
  failure?: LintFailure;
  /**
   * Fatal problems ESLint reported although the rules ran (ESLint 10 makes a `/* eslint-env *\/`
   * comment one). Each fails the gate like a file that could not be checked; the findings stand.
   */
  fatal?: LintFailure[];
}

/** What `check` and `fix` ask of a linter, whether it runs in this thread or isolated in a worker. */
export interface FileLinter {
  /**
   * The files the analysis of their projects found findings or requests in (see OpenedProjects):
   * the linter analyses the projects of the files it was given once, and its rules read that analysis.
   */
  found(): Promise<ReadonlySet<string>>;
  check(file: string, text: string): Promise<LintOutcome>;
  fix(file: string, text: string, suggestions: boolean): Promise<FixOutcome>;
  /**
   * Lines (1-based) holding a token secret that `no-hardcoded-token` reports, so a diff can mask
   * them; undefined when they could not be found (then no line of the file may be shown).
   */
  secretLines(file: string, text: string): Promise<number[] | undefined>;
  dispose(): Promise<void>;
}

export interface FixOutcome extends LintOutcome {
  /** The text with every fix (and, when asked, every suggestion) applied; the input when nothing applied. */
  output: string;
}

/** What the linter needs of the command's flags: plain data, so that it can be handed to a worker. */
export type RunnerFlags = Pick<LintFlags, 'now' | 'imminentDays' | 'schedulePath' | 'ignore' | 'project'>;

/**
 * The configuration the CLI lints with: no user config is read, so every project gets the same
 * analysis. With `parses`, files the project's analysis parsed are linted from its trees.
 */
export function cliConfig(flags: RunnerFlags, { typed = true, parses }: { typed?: boolean; parses?: ParseLookup } = {}): Linter.Config[] {
  const options = { ignore: flags.ignore };
  // `--project`: typescript-eslint builds the project's program and the rules add what its types show.
  // CI=true would make typescript-estree infer a single run, which words the error for a file outside
  // the project differently and builds the program another way: keep one behaviour everywhere.
  // Without typescript-eslint's parser (an optional peer) ESLint's own parser reads the JavaScript files; see LintRunner.lint.
  const installed = typescriptEslintParser();
  const parser = installed && parses ? reusingParser(installed, parses) : installed;
  const project = typed && flags.project ? { project: flags.project, tsconfigRootDir: path.dirname(flags.project), disallowAutomaticSingleRunInference: true } : {};
  return [
    {
      files: ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx,vue,svelte}'],
      languageOptions: {
        ...(parser ? { parser: parser as Linter.Parser } : {}),
        // typescript-estree turns JSX on for .js/.jsx/.tsx by this flag and keeps it off for .ts, where `<T>x` is a cast.
        parserOptions: { ecmaFeatures: { jsx: true }, ...project },
      },
      // The user's disable comments name rules this config does not run; reporting or "fixing" them would be noise.
      linterOptions: { reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' },
      plugins: { 'api-sunset': plugin as unknown as ESLint.Plugin },
      rules: {
        'api-sunset/no-removed-api': [RULE_SEVERITIES['api-sunset/no-removed-api'], options],
        'api-sunset/no-deprecated-api': [RULE_SEVERITIES['api-sunset/no-deprecated-api'], options],
      },
      settings: {
        'api-sunset': {
          now: flags.now,
          imminentDays: flags.imminentDays,
          ...(flags.schedulePath === undefined ? {} : { schedule: flags.schedulePath }),
        },
      },
    },
    // A component's scripts (project/components.ts) have no JSX: `<T>(x: T) => x` in `<script lang="ts">` is TypeScript.
    { files: ['**/*.{vue,svelte}'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: false } } } },
  ];
}

/** The `no-hardcoded-token` rule alone, to find the lines a diff must not print. */
function secretsConfig(flags: RunnerFlags): Linter.Config[] {
  return cliConfig(flags, { typed: false }).map((config) => (config.rules ? { ...config, rules: { [SECRETS_RULE]: 'error' } } : config));
}

const SECRETS_RULE = 'api-sunset/no-hardcoded-token';

/**
 * ESLint's Node API with the CLI's configuration, plus the side channel that tells which schedule
 * item each message is about. One runner per command run; `dispose` stops the recording. Runs in
 * the calling thread: `IsolatedLintRunner` runs one in a worker to bound each file's time and memory.
 */
export class LintRunner implements FileLinter {
  private readonly checker: ESLint;
  private readonly fixer: ESLint;
  /** With `--project`: the same without type information, for files the project does not include. */
  private readonly outside: { checker: ESLint; fixer: ESLint } | undefined;
  private readonly secrets: ESLint;
  private readonly sink: Map<string, SinkEntry[]>;
  private projects: OpenedProjects | undefined;

  /** `files`: the files the command walked, whose projects `found` analyses. */
  constructor(
    private readonly flags: RunnerFlags,
    private readonly roots: string[],
    private readonly files: readonly string[] = [],
  ) {
    // Files outside ESLint's cwd count as ignored, so it is the deepest directory holding every root.
    const cwd = lintCwd(roots);
    const base = {
      cwd,
      overrideConfigFile: true,
      overrideConfig: cliConfig(flags),
      ignore: false,
      // A `/* eslint prefer-const: "error" */` comment in the user's code must neither report nor, in `fix`, rewrite anything.
      ruleFilter: ({ ruleId }: { ruleId: string }) => ruleId in RULE_SEVERITIES,
    } as const;
    const fix = (message: Linter.LintMessage) => message.ruleId !== null && message.ruleId in RULE_SEVERITIES;
    // A file is checked from the tree the analysis made of it (see `check`). The fixer parses for
    // itself: a fix makes the project be analysed again, which must not read a tree ESLint has
    // added its globals to.
    this.checker = createESLint({ ...base, overrideConfig: cliConfig(flags, { parses: (file, text) => this.projects?.parsed(file, text) }) });
    this.fixer = createESLint({ ...base, fix });
    if (flags.project) {
      const untyped = { ...base, overrideConfig: cliConfig(flags, { typed: false }) };
      this.outside = { checker: createESLint(untyped), fixer: createESLint({ ...untyped, fix }) };
    }
    this.secrets = createESLint({ ...base, overrideConfig: secretsConfig(flags), ruleFilter: ({ ruleId }) => ruleId === SECRETS_RULE });
    this.sink = enableSink();
  }

  async dispose(): Promise<void> {
    disableSink();
  }

  async found(): Promise<ReadonlySet<string>> {
    return this.openProjects().found;
  }

  /** Analyses the projects of the files the command walked, once: the rules read that analysis. */
  openProjects(): OpenedProjects {
    // The checker lints each candidate from the tree the analysis made of it (see reused-parser.ts).
    this.projects ??= openProjects(this.files, runnerSettings(this.flags), this.roots, 'eslint');
    return this.projects;
  }

  async check(file: string, text: string): Promise<LintOutcome> {
    try {
      return this.outcome(file, await this.lint(this.checker, file, text), text);
    } finally {
      // The analysis is made and the file is checked: its tree is memory the run needs no more,
      // and one ESLint has linted is not the analysis's to use again.
      this.projects?.release(file);
    }
  }

  /** ESLint's fix loop, then, with `suggestions`, rounds of first suggestions and fixes until nothing changes. */
  async fix(file: string, text: string, suggestions: boolean): Promise<FixOutcome> {
    // A component is linted as its scripts with the markup blanked (components.ts): a fix of that
    // text, written back, would drop the template, and no compiler checks a component's fix.
    if (isComponentFile(file)) return { ...(await this.check(file, text)), output: text };
    let result = await this.lint(this.fixer, file, text);
    let output = isUnlinted(result) ? text : (result.output ?? text);
    for (let pass = 0; suggestions && pass < MAX_SUGGESTION_PASSES && !isUnlinted(result) && !isFailure(result); pass++) {
      const next = applyFirstSuggestions(output, ownMessages(result.messages));
      if (next === undefined) break;
      result = await this.lint(this.fixer, file, next);
      output = isUnlinted(result) ? output : (result.output ?? next);
    }
    return { ...this.outcome(file, result, output), output };
  }

  async secretLines(file: string, text: string): Promise<number[] | undefined> {
    const result = await this.lint(this.secrets, file, text);
    if (isUnlinted(result) || isFailure(result)) return undefined;
    const lines = new Set<number>();
    for (const message of result.messages) {
      if (message.ruleId !== SECRETS_RULE) continue;
      for (let line = message.line; line <= (message.endLine ?? message.line); line++) lines.add(line);
    }
    return [...lines].sort((a, b) => a - b);
  }

  private async lint(linter: ESLint, file: string, text: string): Promise<ESLint.LintResult | Unlinted> {
    // A component is no file of the tsconfig's program (typescript-estree refuses its extension there): checked syntax-only.
    const eslint = isComponentFile(file) && this.outside ? (linter === this.fixer ? this.outside.fixer : linter === this.checker ? this.outside.checker : linter) : linter;
    // Entries left from an earlier lint of the same file would otherwise be joined to this one's messages.
    this.sink.delete(file);
    if (isTypeScriptFile(file) && !typescriptEslintParser()) return { failure: { reason: 'parse-error', message: MISSING_TYPESCRIPT_PARSER } };
    let results: ESLint.LintResult[];
    try {
      results = await eslint.lintText(isComponentFile(file) ? componentSource(file, text) : text, { filePath: file, warnIgnored: true });
      // Markup whose expressions do not parse as script: the component is checked by its scripts alone.
      if (isComponentFile(file) && results[0]?.messages.some((message) => message.fatal && message.line > lineCount(text))) {
        results = await eslint.lintText(componentScript(text), { filePath: file, warnIgnored: true });
      }
    } catch (error) {
      // A rule that crashes on one file must not cost the whole run: the file is skipped with the reason.
      return crashed(error);
    }
    const [result] = results;
    if (!result) throw new Error(`ESLint returned no result for ${file}`);
    // A file the tsconfig does not include cannot have types: it is checked syntax-only, as without --project.
    if (this.outside && eslint !== this.outside.checker && eslint !== this.outside.fixer && result.messages.some(isOutsideProject)) {
      return this.lint(eslint === this.fixer ? this.outside.fixer : this.outside.checker, file, text);
    }
    return result;
  }

  /** `text` is the text the messages' positions refer to (after fixing, for the fixer). */
  private outcome(file: string, result: ESLint.LintResult | Unlinted, text: string): LintOutcome {
    if (isUnlinted(result)) return { file, messages: [], findings: [], failure: result.failure };
    const failure = result.messages.find(isFailureMessage);
    if (failure) return { file, messages: [], findings: [], failure: failureOf(failure, failure.fatal ? 'parse-error' : 'ignored') };
    const unhidden = unhiddenMessages(text, ownMessages(result.suppressedMessages ?? []));
    const messages = [...ownMessages(result.messages), ...unhidden].sort(byPosition);
    const entries = indexEntries(this.sink.get(file) ?? []);
    // A component is never rewritten (see `fix`), nor is a finding ESLint suppressed (it applies none of
    // their fixes): those are to migrate by hand, whatever the rule offers.
    const fixable = (message: Linter.LintMessage) => !isComponentFile(file) && !unhidden.includes(message);
    const placed = messages.map((message) => {
      const entry = takeEntry(entries, message) ?? entryFromMessage(message);
      return { file, ...entry, ...(fixable(message) ? {} : { fix: 'none' as const }) };
    });
    const findings = withLineText(isComponentFile(file) ? placed.map(inComponent(file, text)) : placed, text);
    const fatal = result.messages.filter(isFatalMessage).map((message) => failureOf({ ...message, message: `fatal: ${message.message}` }, 'fatal'));
    return { file, messages, findings, ...(fatal.length > 0 ? { fatal } : {}) };
  }
}

function lineCount(text: string): number {
  return lineStarts(text).length;
}

/**
 * A finding's place in the component's own text: ESLint linted its module (its scripts, then its
 * markup as code), where one in the markup's code is past the file's end.
 */
function inComponent(file: string, text: string) {
  const moduleLines = lineStarts(componentSource(file, text));
  const ownLines = lineStarts(text);
  const original = originalOffsets(file, text);
  const place = (line: number, column: number) => {
    const at = position(original(moduleLines[line - 1]! + column - 1), ownLines);
    return { line: at.line, column: at.column + 1 };
  };
  return <T extends { line: number; column: number; endLine: number; endColumn: number }>(finding: T): T => {
    if (finding.line <= ownLines.length && finding.endLine <= ownLines.length) return finding;
    const start = place(finding.line, finding.column);
    const end = place(finding.endLine, finding.endColumn);
    return { ...finding, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  };
}

/** A file ESLint did not lint: it threw (a rule crashed), or the file needs a parser that is not installed. */
interface Unlinted {
  failure: LintFailure;
}

function isUnlinted(result: ESLint.LintResult | Unlinted): result is Unlinted {
  return 'failure' in result;
}

function crashed(error: unknown): Unlinted {
  const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  return { failure: { reason: 'crash', message: `api-sunset could not analyse this file (please report this): ${reason}` } };
}

function failureOf(message: Linter.LintMessage, reason: SkipReason): LintFailure {
  return { reason, message: message.message, ...(message.line ? { line: message.line, column: message.column } : {}) };
}

/** typescript-eslint's parse error for a file that `parserOptions.project` does not include. */
function isOutsideProject(message: Linter.LintMessage): boolean {
  return message.ruleId === null && message.fatal === true && /does not include this file|none-of-those-tsconfigs-include-this-file|was not found by the project service/i.test(message.message);
}

/**
 * What ESLint suppressed that the command reports anyway: a file-level blanket `/* eslint-disable *\/`
 * is what generated clients (openapi-generator's) and vendored code carry against style rules, and a
 * generated client calling a removed endpoint is exactly what must be regenerated. A file whose
 * directives name an api-sunset rule is left to them, and a line-level directive (bare or not) keeps
 * its line quiet: someone wrote it for that line.
 */
function unhiddenMessages(text: string, suppressed: Linter.LintMessage[]): Linter.LintMessage[] {
  if (suppressed.length === 0) return [];
  const comments = text.match(COMMENTS) ?? [];
  const directives = comments.filter((comment) => DIRECTIVE.test(comment));
  if (!directives.some((comment) => BLANKET.test(comment)) || directives.some((comment) => comment.includes('api-sunset/'))) return [];
  const quiet = new Set<number>();
  text.split('\n').forEach((line, index) => {
    if (/eslint-disable-line\b/.test(line)) quiet.add(index + 1);
    if (/eslint-disable-next-line\b/.test(line)) quiet.add(index + 2);
  });
  return suppressed.filter((message) => !quiet.has(message.line));
}

const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const DIRECTIVE = /^(?:\/\*|\/\/)\s*eslint-disable/;
/** `/* eslint-disable *\/` naming no rule. */
const BLANKET = /^\/\*\s*eslint-disable\s*(?:--[\s\S]*)?\*\/$/;

function byPosition(a: Linter.LintMessage, b: Linter.LintMessage): number {
  return a.line - b.line || a.column - b.column;
}

function ownMessages(messages: Linter.LintMessage[]): Linter.LintMessage[] {
  return messages.filter((message) => message.ruleId !== null && message.ruleId in RULE_SEVERITIES);
}

/**
 * A parse error (ESLint words every one "Parsing error: …"; the rules did not run), or ESLint
 * declining the file (it never lints inside node_modules, even when asked to).
 */
function isFailureMessage(message: Linter.LintMessage): boolean {
  return message.ruleId === null && ((message.fatal === true && message.message.startsWith('Parsing error')) || message.message.startsWith('File ignored'));
}

/** Any other fatal message: the rules ran, but ESLint says the file has a problem no configuration can turn off. */
function isFatalMessage(message: Linter.LintMessage): boolean {
  return message.ruleId === null && message.fatal === true && !isFailureMessage(message);
}

function isFailure(result: ESLint.LintResult): boolean {
  return result.messages.some(isFailureMessage);
}

function entryKey(ruleId: string, line: number, column: number, message: string): string {
  return `${ruleId}\u0000${line}\u0000${column}\u0000${message}`;
}

function indexEntries(entries: SinkEntry[]): Map<string, SinkEntry[]> {
  const index = new Map<string, SinkEntry[]>();
  for (const entry of entries) {
    const key = entryKey(entry.ruleId, entry.line, entry.column, entry.message);
    index.set(key, [...(index.get(key) ?? []), entry]);
  }
  return index;
}

/** Each entry joins one message: two identical reports at one place stay two findings. */
function takeEntry(index: Map<string, SinkEntry[]>, message: Linter.LintMessage): SinkEntry | undefined {
  return index.get(entryKey(message.ruleId ?? '', message.line, message.column, message.message))?.pop();
}

/** Only if a rule reported without recording (a bug): the finding is still shown rather than lost. */
function entryFromMessage(message: Linter.LintMessage): SinkEntry {
  const ruleId = message.ruleId ?? '';
  return {
    ruleId,
    itemId: 'unknown',
    item: 'unknown',
    status: ruleId === 'api-sunset/no-deprecated-api' ? 'scheduled' : 'removed',
    removal: '',
    daysLeft: 0,
    line: message.line,
    column: message.column,
    endLine: message.endLine ?? message.line,
    endColumn: message.endColumn ?? message.column,
    message: message.message,
    fix: message.fix ? 'auto' : message.suggestions?.length ? 'suggestion' : 'none',
  };
}
