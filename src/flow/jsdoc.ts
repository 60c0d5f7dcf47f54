import type { TSESTree } from '../ts-eslint-lite.js';
import { T } from '../project/ast.js';
import type { ParsedModule } from '../project/module.js';
import { typescriptEslintParser } from '../parsers.js';
import type { Engine } from './engine.js';
import { typedValues } from './types.js';
import { EMPTY, type ValueSet } from './values.js';

/**
 * JSDoc types in JavaScript (`// @ts-check` code, SvelteKit, scripts): `@type` on a declaration or
 * a cast `/** @type {T} *\/ (expr)`, `@param {T} name`, `@returns {T}`, with the file's
 * `@typedef {import('pkg').T} Name`. Their text is parsed as a TypeScript type (with
 * typescript-eslint's parser, when installed) and read like an annotation.
 */
export function jsdocCast(engine: Engine, module: ParsedModule, node: TSESTree.Node): ValueSet {
  const text = module.text;
  let at = node.range[0] - 1;
  while (at >= 0 && /\s/.test(text[at]!)) at--;
  if (text[at] !== '(') return EMPTY;
  at--;
  while (at >= 0 && /\s/.test(text[at]!)) at--;
  const type = tagType(blockEndingAt(text, at), 'type');
  return type === undefined ? EMPTY : jsdocType(engine, module, type);
}

/** `/** @type {T} *\/ const x = …`: the declaration's type. */
export function jsdocDeclared(engine: Engine, module: ParsedModule, declaration: TSESTree.VariableDeclaration): ValueSet {
  const type = tagType(docOf(module, declaration), 'type');
  return type === undefined ? EMPTY : jsdocType(engine, module, type);
}

/** `@param {T} name` in the doc comment of the function. */
export function jsdocParameter(engine: Engine, module: ParsedModule, fn: TSESTree.Node, name: string): ValueSet {
  const doc = docOf(module, documented(fn));
  if (!doc) return EMPTY;
  const match = new RegExp(`@param\\s*\\{([^}]*(?:\\{[^}]*\\}[^}]*)*)\\}\\s*\\[?${name}\\b`).exec(doc);
  return match ? jsdocType(engine, module, match[1]!) : EMPTY;
}

/** `@returns {T}` in the doc comment of the function. */
export function jsdocReturns(engine: Engine, module: ParsedModule, fn: TSESTree.Node): ValueSet {
  const doc = docOf(module, documented(fn));
  const type = tagType(doc, 'returns') ?? tagType(doc, 'return');
  return type === undefined ? EMPTY : jsdocType(engine, module, type);
}

/** The node a function's doc comment is written before: the function, or the declaration or property that holds it. */
function documented(fn: TSESTree.Node): TSESTree.Node {
  let node = fn;
  const parent = node.parent;
  if (parent?.type === T.VariableDeclarator) node = parent.parent;
  else if (parent?.type === T.MethodDefinition || parent?.type === T.Property || parent?.type === T.PropertyDefinition) node = parent;
  if (node.parent?.type === T.ExportNamedDeclaration || node.parent?.type === T.ExportDefaultDeclaration) node = node.parent;
  return node;
}

function docOf(module: ParsedModule, node: TSESTree.Node): string | undefined {
  let at = node.range[0] - 1;
  while (at >= 0 && /\s/.test(module.text[at]!)) at--;
  return blockEndingAt(module.text, at);
}

/** The `/** … *\/` block whose last character is at `end`. */
function blockEndingAt(text: string, end: number): string | undefined {
  if (end < 1 || text[end] !== '/' || text[end - 1] !== '*') return undefined;
  const start = text.lastIndexOf('/**', end - 2);
  return start < 0 ? undefined : text.slice(start, end + 1);
}

function tagType(doc: string | undefined, tag: string): string | undefined {
  if (!doc) return undefined;
  const match = new RegExp(`@${tag}\\s*\\{([^}]*(?:\\{[^}]*\\}[^}]*)*)\\}`).exec(doc);
  return match?.[1];
}

const parsedTypes = new WeakMap<ParsedModule, Map<string, TSESTree.TypeNode | null>>();

function jsdocType(engine: Engine, module: ParsedModule, written: string): ValueSet {
  let cache = parsedTypes.get(module);
  if (!cache) {
    cache = new Map();
    parsedTypes.set(module, cache);
  }
  let node = cache.get(written);
  if (node === undefined) {
    node = parseType(withTypedefs(module, written)) ?? null;
    cache.set(written, node);
  }
  return node ? typedValues(engine, module, node) : EMPTY;
}

/** The file's `@typedef {T} Name`, substituted into a type's text (typedefs declare no names the syntax can resolve). */
function withTypedefs(module: ParsedModule, written: string): string {
  const typedefs = new Map<string, string>();
  for (const match of module.text.matchAll(/@typedef\s*\{([^}]*(?:\{[^}]*\}[^}]*)*)\}\s*([A-Za-z_$][\w$]*)/g)) typedefs.set(match[2]!, match[1]!);
  if (typedefs.size === 0) return written;
  let result = written;
  // Names only: not inside a string (`import('pkg/models')`) or after a dot (`.ChatMessage`).
  for (let pass = 0; pass < 3; pass++) result = result.replace(/'[^']*'|"[^"]*"|(?<![.\w$])[A-Za-z_$][\w$]*/g, (token) => (typedefs.has(token) ? `(${typedefs.get(token)!})` : token));
  return result;
}

function parseType(text: string): TSESTree.TypeNode | undefined {
  const parser = typescriptEslintParser();
  if (!parser) return undefined;
  try {
    const program = parser.parse(`type __JSDoc = ${text};`, { range: true, loc: false });
    const statement = program.body[0];
    return statement?.type === T.TSTypeAliasDeclaration ? statement.typeAnnotation : undefined;
  } catch {
    return undefined;
  }
}
