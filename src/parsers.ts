import { createRequire } from 'node:module';
import path from 'node:path';
import type { TSESTree } from './ts-eslint-lite.js';

const require = createRequire(import.meta.url);

/** What the rules and the CLI need of a parser: ESLint's parser interface. */
export interface ParserModule {
  parse(text: string, options?: Record<string, unknown>): TSESTree.Program;
  parseForESLint?(text: string, options?: Record<string, unknown>): unknown;
  meta?: { name?: string; version?: string };
}

/** Files only typescript-eslint's parser can read. */
export const TYPESCRIPT_EXTENSIONS: readonly string[] = ['.ts', '.mts', '.cts', '.tsx'];

export const MISSING_TYPESCRIPT_PARSER =
  "TypeScript files need typescript-eslint's parser, which is not installed: npm install --save-dev @typescript-eslint/parser typescript";

let typescriptEslint: ParserModule | null | undefined;
let espree: ParserModule | undefined;

/**
 * typescript-eslint's parser when the project has it. It is an optional peer dependency, like
 * `typescript` (which it loads at once): a JavaScript-only project installs neither, and
 * importing the plugin never loads them.
 */
export function typescriptEslintParser(): ParserModule | undefined {
  if (typescriptEslint === undefined) {
    try {
      typescriptEslint = require('@typescript-eslint/parser') as ParserModule;
    } catch (error) {
      // Either the parser or the `typescript` it needs is missing; anything else is a real failure.
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
      typescriptEslint = null;
    }
  }
  return typescriptEslint ?? undefined;
}

/** ESLint's own parser, from ESLint's dependencies (ESLint is a required peer): JavaScript only. */
export function espreeParser(): ParserModule {
  espree ??= createRequire(require.resolve('eslint/package.json'))('espree') as ParserModule;
  return espree;
}

export function isTypeScriptFile(file: string): boolean {
  return TYPESCRIPT_EXTENSIONS.includes(path.extname(file));
}

/** Who the tree is for: the analysis alone, or ESLint after it. */
export type ParsePurpose = 'analysis' | 'eslint';

/** A tree with what binding resolution needs: its scopes and the keys to walk it by. */
export interface ScopedParse {
  ast: TSESTree.Program;
  scopeManager: unknown;
  visitorKeys: Record<string, readonly string[]>;
}

interface EslintScope {
  analyze(ast: unknown, options: Record<string, unknown>): unknown;
}

let eslintScope: EslintScope | undefined;
let eslintKeys: Record<string, readonly string[]> | undefined;

interface TypescriptEstree {
  parse(text: string, options: Record<string, unknown>): TSESTree.Program;
}

interface ScopeManagerModule {
  analyze(ast: unknown, options: Record<string, unknown>): unknown;
}

let estreeParts: { estree: TypescriptEstree; scopes: ScopeManagerModule; keys: Record<string, readonly string[]> } | null | undefined;

/** typescript-eslint's tree builder and scope analyser, from the installed parser's own dependencies (so the versions match). */
function typescriptEstreeParts(): typeof estreeParts {
  if (estreeParts === undefined) {
    const parser = typescriptEslintParser();
    if (!parser) {
      estreeParts = null;
    } else {
      const fromParser = createRequire(require.resolve('@typescript-eslint/parser'));
      estreeParts = {
        estree: fromParser('@typescript-eslint/typescript-estree') as TypescriptEstree,
        scopes: fromParser('@typescript-eslint/scope-manager') as ScopeManagerModule,
        keys: (fromParser('@typescript-eslint/visitor-keys') as { visitorKeys: Record<string, readonly string[]> }).visitorKeys,
      };
    }
  }
  return estreeParts;
}

/**
 * Parses a module of the project that ESLint is not linting right now, with its scopes: the tree
 * ESLint would get from typescript-eslint's parser when installed, else espree and eslint-scope
 * (ESLint's own) for JavaScript. Throws when the text does not parse, or is TypeScript and no
 * parser can read it.
 *
 * For the `analysis`, only what it reads is built: ranges but no `loc` objects, no tokens or
 * comments (its JSDoc types are read from the text), and scopes without TypeScript's library
 * globals (some 190 variables per module, which the engine treats like unresolved names anyway).
 * Findings are put on ESLint's own nodes by range, so the lighter tree reports the same; it costs
 * about a third less time and half the memory. For `eslint` (`check`, which hands the tree to
 * ESLint afterwards instead of having ESLint parse the file again), the whole tree
 * typescript-eslint's parser makes for ESLint: see `parsesAlike`.
 */
export function parseWithScopes(text: string, file: string, purpose: ParsePurpose = 'analysis'): ScopedParse {
  const jsx = allowsJsx(file);
  if (purpose === 'eslint') {
    const parser = typescriptEslintParser();
    if (parser?.parseForESLint) return parser.parseForESLint(text, scopedParseOptions(file)) as ScopedParse;
  } else {
    const parts = typescriptEstreeParts();
    if (parts) {
      const ast = parts.estree.parse(text, { range: true, loc: false, tokens: false, comment: false, jsx, filePath: file, sourceType: 'module', jsDocParsingMode: 'none' });
      return { ast, scopeManager: parts.scopes.analyze(ast, { sourceType: 'module', lib: [] }), visitorKeys: parts.keys };
    }
  }
  if (isTypeScriptFile(file)) throw new Error(MISSING_TYPESCRIPT_PARSER);
  const ast = espreeParser().parse(text, { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx }, range: true, loc: true });
  const fromEslint = createRequire(require.resolve('eslint/package.json'));
  eslintScope ??= fromEslint('eslint-scope') as EslintScope;
  eslintKeys ??= (fromEslint('eslint-visitor-keys') as { KEYS: Record<string, readonly string[]> }).KEYS;
  return { ast, scopeManager: eslintScope.analyze(ast, { ecmaVersion: 2026, sourceType: 'module', childVisitorKeys: eslintKeys, fallback: 'iteration' }), visitorKeys: eslintKeys };
}

/** JSX is read in every file but plain TypeScript (where `<T>x` is a type assertion) and components' scripts (`<script lang="ts">`). */
function allowsJsx(file: string): boolean {
  return !/\.(?:ts|mts|cts|vue|svelte)$/.test(file);
}

/** What `parseWithScopes` asks typescript-eslint's parser for (which adds tokens and comments whatever it is asked). */
function scopedParseOptions(file: string): Record<string, unknown> {
  const jsx = allowsJsx(file);
  return { range: true, loc: true, jsx, ecmaFeatures: { jsx }, sourceType: 'module', ecmaVersion: 'latest', filePath: file, comment: false, tokens: false };
}

/**
 * Options typescript-eslint's parser reads but that change nothing in its tree or scopes: it
 * always makes ranges, locations, tokens and comments, and ignores the version and ESLint's flags.
 */
const TREE_NEUTRAL_OPTIONS = new Set(['range', 'loc', 'tokens', 'comment', 'ecmaVersion', 'filePath', 'raw', 'eslintVisitorKeys', 'eslintScopeManager', 'jsx', 'ecmaFeatures', 'sourceType']);

/** Extensions typescript-estree reads by their name, whatever its `jsx` option says. */
const NAMED_SCRIPT_KINDS = new Set(['.js', '.mjs', '.cjs', '.jsx', '.ts', '.mts', '.cts', '.tsx']);

/**
 * Whether typescript-eslint's parser, called with ESLint's `options` for `file`, makes the same
 * tree and scopes as `parseWithScopes` made: then that parse can stand for ESLint's. Anything
 * this does not know to be neutral (a type-aware project, `lib`, `globalReturn`) must be the same
 * on both sides, so an option added on either side only ever costs the reuse, never a finding.
 */
export function parsesAlike(options: Readonly<Record<string, unknown>>, file: string): boolean {
  if (!typescriptEslintParser()?.parseForESLint) return false;
  const ours = scopedParseOptions(file);
  // The parser reads anything but 'module' as 'script' (ESLint's 'commonjs' for .cjs files).
  if ((options.sourceType === 'module') !== (ours.sourceType === 'module')) return false;
  if (!NAMED_SCRIPT_KINDS.has(path.extname(file).toLowerCase()) && effectiveJsx(options) !== effectiveJsx(ours)) return false;
  const features = (value: unknown) => Object.entries((value ?? {}) as Record<string, unknown>).filter(([key]) => key !== 'jsx');
  if (!sameEntries(features(options.ecmaFeatures), features(ours.ecmaFeatures))) return false;
  const deciding = (value: Record<string, unknown>) => Object.entries(value).filter(([key, entry]) => !TREE_NEUTRAL_OPTIONS.has(key) && entry !== undefined);
  return sameEntries(deciding(options), deciding(ours));
}

/** What ESLint's flat config says of how to parse a file (a rule's `context.languageOptions`). */
export interface EslintLanguageOptions {
  parser?: unknown;
  ecmaVersion?: unknown;
  sourceType?: unknown;
  parserOptions?: Readonly<Record<string, unknown>>;
}

/**
 * Whether the tree ESLint made of `file` under these language options is the one
 * `parseWithScopes(…, 'eslint')` makes, that `check` analyses: typescript-eslint's parser itself
 * (the copy the analysis loads, so the same `parseForESLint`), with options it reads alike.
 * ESLint hands its parser these options with the version and source type first (see `parsesAlike`).
 */
export function eslintParsesAlike(languageOptions: EslintLanguageOptions, file: string): boolean {
  const parser = typescriptEslintParser();
  // typescript-eslint's flat configs hand ESLint a wrapper of the parser's own functions.
  if (!parser?.parseForESLint || (languageOptions.parser as ParserModule | undefined)?.parseForESLint !== parser.parseForESLint) return false;
  const { ecmaVersion, sourceType, parserOptions } = languageOptions;
  return parsesAlike({ ecmaVersion, sourceType, ...parserOptions, filePath: file }, file);
}

function effectiveJsx(options: Readonly<Record<string, unknown>>): boolean {
  return ('jsx' in options ? options.jsx : (options.ecmaFeatures as { jsx?: unknown } | undefined)?.jsx) === true;
}

function sameEntries(a: [string, unknown][], b: [string, unknown][]): boolean {
  if (a.length !== b.length) return false;
  const other = new Map(b);
  return a.every(([key, value]) => other.has(key) && JSON.stringify(other.get(key)) === JSON.stringify(value));
}
