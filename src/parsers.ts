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

/**
 * Parses a module as ESLint would: typescript-eslint's parser when installed, else espree for
 * JavaScript. Throws when the text does not parse, or is TypeScript and no parser can read it.
 */
export function parseModule(text: string, file: string): TSESTree.Program {
  const jsx = /\.[jt]sx$/.test(file);
  const parser = typescriptEslintParser();
  if (parser) return parser.parse(text, { filePath: file, sourceType: 'module', ecmaFeatures: { jsx } });
  if (isTypeScriptFile(file)) throw new Error(MISSING_TYPESCRIPT_PARSER);
  return espreeParser().parse(text, { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx }, range: true, loc: true });
}

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
 * (ESLint's own) for JavaScript. Throws as `parseModule` does.
 *
 * Only what the analysis reads is built: ranges but no `loc` objects, no tokens or comments (its
 * JSDoc types are read from the text), and scopes without TypeScript's library globals (some 190
 * variables per module, which the engine treats like unresolved names anyway). Findings are put on
 * ESLint's own nodes by range, so the lighter tree reports the same; it halves what a parsed module
 * costs in time and memory.
 */
export function parseWithScopes(text: string, file: string): ScopedParse {
  const jsx = !/\.(?:ts|mts|cts)$/.test(file);
  const parts = typescriptEstreeParts();
  if (parts) {
    const ast = parts.estree.parse(text, { range: true, loc: false, tokens: false, comment: false, jsx, filePath: file, sourceType: 'module', jsDocParsingMode: 'none' });
    return { ast, scopeManager: parts.scopes.analyze(ast, { sourceType: 'module', lib: [] }), visitorKeys: parts.keys };
  }
  if (isTypeScriptFile(file)) throw new Error(MISSING_TYPESCRIPT_PARSER);
  const ast = espreeParser().parse(text, { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx }, range: true, loc: true });
  const fromEslint = createRequire(require.resolve('eslint/package.json'));
  eslintScope ??= fromEslint('eslint-scope') as EslintScope;
  eslintKeys ??= (fromEslint('eslint-visitor-keys') as { KEYS: Record<string, readonly string[]> }).KEYS;
  return { ast, scopeManager: eslintScope.analyze(ast, { ecmaVersion: 2026, sourceType: 'module', childVisitorKeys: eslintKeys, fallback: 'iteration' }), visitorKeys: eslintKeys };
}
