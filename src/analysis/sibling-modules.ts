import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseModule } from '../parsers.js';
import { TSESTree } from '../ts-eslint-lite.js';
import { memberKey, propertyKeyName, unwrap } from './strings.js';

/**
 * Real code keeps what a request needs in a sibling module: the HTTP client
 * (`export const clientApi = axios.create({ baseURL: env.URL + '/rest/api/v1' })`), the SDK client
 * (`export const glean = new Glean(…)`) and the paths (`export const PATHS = { … }`). Without type
 * information the importing file shows no link to the service, so we read the imported module:
 * only relative imports, one level deep (what the sibling itself imports is not followed), and
 * each file is read and parsed at most once per modification time.
 */

/** A piece of a value read from a sibling module: its static text, or a part the analysis cannot know. */
export type SiblingPiece = { text: string } | { hole: true };

export type SiblingLibrary = 'axios' | 'got' | 'ky';

/** An HTTP client instance a sibling module exports, with the base URL its factory was given. */
export interface SiblingClient {
  library: SiblingLibrary;
  /** `baseURL` (axios) or `prefixUrl` (got, ky), as far as literals, templates and `+` tell; absent when not given or not string-like. */
  base?: SiblingPiece[];
}

/** The factories that make a client instance, by the package they come from. */
const FACTORIES: Record<SiblingLibrary, readonly string[]> = { axios: ['create'], got: ['extend'], ky: ['create', 'extend'] };
const BASE_KEY: Record<SiblingLibrary, string> = { axios: 'baseURL', got: 'prefixUrl', ky: 'prefixUrl' };
const MAX_DEPTH = 8;

/**
 * The client instance exported as `exportName` by the module `specifier` imports, or undefined
 * when that module does not import axios, got or ky and export `X.create(…)`/`X.extend(…)` under
 * that name (`export const x = …`, `const x = …; export { x }`, `export default …`).
 */
export function siblingHttpClient(importingFile: string, specifier: string, exportName: string): SiblingClient | undefined {
  const module = siblingModule(importingFile, specifier, 'client', (text) => /\b(?:axios|got|ky)\b/.test(text) && /\b(?:create|extend)\b/.test(text));
  if (!module) return undefined;
  const call = module.deref(module.exports.get(exportName));
  if (call?.type !== TSESTree.AST_NODE_TYPES.CallExpression || call.callee.type !== TSESTree.AST_NODE_TYPES.MemberExpression || call.callee.computed) return undefined;
  const { object, property } = call.callee;
  if (object.type !== TSESTree.AST_NODE_TYPES.Identifier || property.type !== TSESTree.AST_NODE_TYPES.Identifier) return undefined;
  const library = libraryOf(module.imports.get(object.name));
  if (!library || !FACTORIES[library].includes(property.name)) return undefined;
  const config = call.arguments[0] && module.deref(call.arguments[0]);
  if (config?.type !== TSESTree.AST_NODE_TYPES.ObjectExpression) return { library };
  const value = propertyOf(config, BASE_KEY[library]);
  const base = value && module.evaluate(value);
  return base ? { library, base } : { library };
}

/**
 * The string value of `exportName` (and then `keys`, through object literals) in the module
 * `specifier` imports: `PATHS.USER_COUNT` → `'/api/index/v1/getusercount'`. With `call`, the value
 * is a function and the result is what it returns, its parameters unknown:
 * `PATHS.POLICY(id)` → `/rest/api/v1/governance/data/policies/` + a hole.
 */
export function siblingStringValue(importingFile: string, specifier: string, exportName: string, keys: readonly string[], call: boolean): SiblingPiece[] | undefined {
  const module = siblingModule(importingFile, specifier, `value:${exportName}`, (text) => text.includes(exportName));
  if (!module) return undefined;
  let node = module.deref(module.exports.get(exportName));
  for (const key of keys) {
    if (node?.type !== TSESTree.AST_NODE_TYPES.ObjectExpression) return undefined;
    node = module.deref(propertyOf(node, key));
  }
  if (!node) return undefined;
  if (!call) return module.evaluate(node);
  const returned = returnedExpression(node);
  return returned && module.evaluate(returned.expression, returned.params);
}

/** Whether the module `specifier` imports exports `exportName` as `new ClassName(…)`, with ClassName imported from `pkg`. */
export function isSiblingConstruction(importingFile: string, specifier: string, exportName: string, pkg: string, className: string): boolean {
  const module = siblingModule(importingFile, specifier, `package:${pkg}`, (text) => text.includes(pkg));
  if (!module) return false;
  const node = module.deref(module.exports.get(exportName));
  if (node?.type !== TSESTree.AST_NODE_TYPES.NewExpression || node.callee.type !== TSESTree.AST_NODE_TYPES.Identifier) return false;
  const imported = module.imports.get(node.callee.name);
  return imported !== undefined && (imported.source === pkg || imported.source.startsWith(`${pkg}/`)) && imported.imported === className;
}

function libraryOf(imported: ImportedName | undefined): SiblingLibrary | undefined {
  if (!imported || (imported.imported !== 'default' && imported.imported !== '*')) return undefined;
  return imported.source === 'axios' || imported.source === 'got' || imported.source === 'ky' ? imported.source : undefined;
}

interface ImportedName {
  source: string;
  /** The imported name, `default` or `*` (a namespace import or the whole `require(…)`). */
  imported: string;
}

/** What one parsed module declares at its top level: enough to answer the questions above. */
class ModuleSummary {
  /** Top-level `const` bindings (simple identifiers only) and their initializers. */
  readonly consts = new Map<string, TSESTree.Expression>();
  /** Exported name → the exported expression or local identifier. */
  readonly exports = new Map<string, TSESTree.Node>();
  /** Local name → where it is imported from. */
  readonly imports = new Map<string, ImportedName>();

  constructor(program: TSESTree.Program) {
    const locals: [string, string][] = [];
    for (const statement of program.body) {
      switch (statement.type) {
        case TSESTree.AST_NODE_TYPES.ImportDeclaration:
          if (statement.importKind === 'type') break;
          for (const specifier of statement.specifiers) {
            const imported =
              specifier.type === TSESTree.AST_NODE_TYPES.ImportDefaultSpecifier
                ? 'default'
                : specifier.type === TSESTree.AST_NODE_TYPES.ImportNamespaceSpecifier
                  ? '*'
                  : specifier.imported.type === TSESTree.AST_NODE_TYPES.Identifier
                    ? specifier.imported.name
                    : specifier.imported.value;
            this.imports.set(specifier.local.name, { source: statement.source.value, imported });
          }
          break;
        case TSESTree.AST_NODE_TYPES.VariableDeclaration:
          this.declare(statement);
          break;
        case TSESTree.AST_NODE_TYPES.ExportNamedDeclaration:
          if (statement.source || statement.exportKind === 'type') break;
          if (statement.declaration?.type === TSESTree.AST_NODE_TYPES.VariableDeclaration) {
            for (const name of this.declare(statement.declaration)) locals.push([name, name]);
          } else if (statement.declaration?.type === TSESTree.AST_NODE_TYPES.FunctionDeclaration && statement.declaration.id) {
            // `export function policyPath(id) { return … }`
            this.exports.set(statement.declaration.id.name, statement.declaration);
          }
          for (const specifier of statement.specifiers) {
            if (specifier.exportKind === 'type' || specifier.local.type !== TSESTree.AST_NODE_TYPES.Identifier) continue;
            const exported = specifier.exported.type === TSESTree.AST_NODE_TYPES.Identifier ? specifier.exported.name : specifier.exported.value;
            locals.push([exported, specifier.local.name]);
          }
          break;
        case TSESTree.AST_NODE_TYPES.ExportDefaultDeclaration:
          // Classes and declarations without a body hold no string or client we read.
          if (statement.declaration.type !== TSESTree.AST_NODE_TYPES.ClassDeclaration && statement.declaration.type !== TSESTree.AST_NODE_TYPES.TSDeclareFunction && statement.declaration.type !== TSESTree.AST_NODE_TYPES.TSInterfaceDeclaration) {
            this.exports.set('default', statement.declaration);
          }
          break;
        default:
          break;
      }
    }
    // `export { x }` may come before `const x`; resolve names once everything is declared.
    for (const [exported, local] of locals) {
      const init = this.consts.get(local);
      if (init) this.exports.set(exported, init);
    }
  }

  /** Records the `const` bindings of a declaration (and `require(…)` of a package) and returns their names. */
  private declare(declaration: TSESTree.VariableDeclaration): string[] {
    const names: string[] = [];
    for (const declarator of declaration.declarations) {
      if (!declarator.init) continue;
      const required = requiredModule(declarator.init);
      if (declarator.id.type === TSESTree.AST_NODE_TYPES.ObjectPattern && required !== undefined) {
        // `const { Glean } = require('@gleanwork/api-client')`
        for (const property of declarator.id.properties) {
          if (property.type !== TSESTree.AST_NODE_TYPES.Property || property.computed || property.key.type !== TSESTree.AST_NODE_TYPES.Identifier) continue;
          if (property.value.type === TSESTree.AST_NODE_TYPES.Identifier) this.imports.set(property.value.name, { source: required, imported: property.key.name });
        }
      }
      if (declarator.id.type !== TSESTree.AST_NODE_TYPES.Identifier) continue;
      if (required !== undefined) this.imports.set(declarator.id.name, { source: required, imported: '*' });
      else if (declaration.kind === 'const') this.consts.set(declarator.id.name, declarator.init);
      names.push(declarator.id.name);
    }
    return names;
  }

  /** Follows local constants, `as const` and `Object.freeze(…)` to the expression that makes the value. */
  deref(node: TSESTree.Node | undefined, depth = 0): TSESTree.Node | undefined {
    if (!node || depth > MAX_DEPTH) return undefined;
    const target = unwrap(node);
    if (target.type === TSESTree.AST_NODE_TYPES.Identifier) return this.deref(this.consts.get(target.name), depth + 1);
    if (
      target.type === TSESTree.AST_NODE_TYPES.CallExpression &&
      target.callee.type === TSESTree.AST_NODE_TYPES.MemberExpression &&
      target.callee.object.type === TSESTree.AST_NODE_TYPES.Identifier &&
      target.callee.object.name === 'Object' &&
      target.callee.property.type === TSESTree.AST_NODE_TYPES.Identifier &&
      target.callee.property.name === 'freeze' &&
      target.arguments[0]
    ) {
      return this.deref(target.arguments[0], depth + 1);
    }
    return target;
  }

  /**
   * The string value of an expression from literals, templates, `+`, this module's constants and
   * object literals; anything else inside a string (an import, `env.URL`, a parameter) is a hole.
   * Undefined when the expression is not string-like at all.
   */
  evaluate(node: TSESTree.Node, params: ReadonlySet<string> = new Set(), depth = 0): SiblingPiece[] | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const target = unwrap(node);
    const hole = (value: TSESTree.Node) => this.evaluate(value, params, depth + 1) ?? [{ hole: true } as const];
    switch (target.type) {
      case TSESTree.AST_NODE_TYPES.Literal:
        return typeof target.value === 'string' || typeof target.value === 'number' ? [{ text: String(target.value) }] : undefined;
      case TSESTree.AST_NODE_TYPES.TemplateLiteral:
        return target.quasis.flatMap((quasi, i) => {
          const text: SiblingPiece[] = quasi.value.cooked ? [{ text: quasi.value.cooked }] : [];
          const expression = target.expressions[i];
          return expression ? [...text, ...hole(expression)] : text;
        });
      case TSESTree.AST_NODE_TYPES.BinaryExpression: {
        if (target.operator !== '+') return undefined;
        const left = this.evaluate(target.left, params, depth + 1);
        const right = this.evaluate(target.right, params, depth + 1);
        if (!left && !right) return undefined;
        return [...(left ?? [{ hole: true }]), ...(right ?? [{ hole: true }])];
      }
      case TSESTree.AST_NODE_TYPES.Identifier: {
        if (params.has(target.name)) return undefined;
        const init = this.consts.get(target.name);
        return init ? this.evaluate(init, params, depth + 1) : undefined;
      }
      case TSESTree.AST_NODE_TYPES.MemberExpression: {
        const key = memberKey(target);
        const object = key === undefined || (target.object.type === TSESTree.AST_NODE_TYPES.Identifier && params.has(target.object.name)) ? undefined : this.objectOf(target.object, depth + 1);
        const value = object && key !== undefined ? propertyOf(object, key) : undefined;
        return value ? this.evaluate(value, params, depth + 1) : undefined;
      }
      default:
        return undefined;
    }
  }

  private objectOf(node: TSESTree.Node, depth: number): TSESTree.ObjectExpression | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const target = this.deref(node, depth);
    if (target?.type === TSESTree.AST_NODE_TYPES.ObjectExpression) return target;
    if (target?.type === TSESTree.AST_NODE_TYPES.MemberExpression) {
      const key = memberKey(target);
      const object = key === undefined ? undefined : this.objectOf(target.object, depth + 1);
      const value = object && key !== undefined ? propertyOf(object, key) : undefined;
      return value ? this.objectOf(value, depth + 1) : undefined;
    }
    return undefined;
  }
}

/** `require('x')` or `require('x').default` → "x". */
function requiredModule(node: TSESTree.Node): string | undefined {
  let target = node;
  if (target.type === TSESTree.AST_NODE_TYPES.MemberExpression && memberKey(target) === 'default') target = target.object;
  if (
    target.type === TSESTree.AST_NODE_TYPES.CallExpression &&
    target.callee.type === TSESTree.AST_NODE_TYPES.Identifier &&
    target.callee.name === 'require' &&
    target.arguments[0]?.type === TSESTree.AST_NODE_TYPES.Literal &&
    typeof target.arguments[0].value === 'string'
  ) {
    return target.arguments[0].value;
  }
  return undefined;
}

/** A function's returned expression and its parameter names: `(id) => \`…${id}\`` or `function (id) { return … }`. */
function returnedExpression(node: TSESTree.Node): { expression: TSESTree.Node; params: Set<string> } | undefined {
  if (node.type !== TSESTree.AST_NODE_TYPES.ArrowFunctionExpression && node.type !== TSESTree.AST_NODE_TYPES.FunctionExpression && node.type !== TSESTree.AST_NODE_TYPES.FunctionDeclaration) return undefined;
  const params = new Set<string>();
  for (const param of node.params) {
    const id = param.type === TSESTree.AST_NODE_TYPES.AssignmentPattern ? param.left : param;
    if (id.type === TSESTree.AST_NODE_TYPES.Identifier) params.add(id.name);
    else return undefined;
  }
  if (node.body.type !== TSESTree.AST_NODE_TYPES.BlockStatement) return { expression: node.body, params };
  const [only] = node.body.body;
  return node.body.body.length === 1 && only?.type === TSESTree.AST_NODE_TYPES.ReturnStatement && only.argument ? { expression: only.argument, params } : undefined;
}

/** A plain property's value (`key: value`, `'key': value`, a method); spreads and computed keys are not read. */
function propertyOf(object: TSESTree.ObjectExpression, key: string): TSESTree.Node | undefined {
  for (const property of object.properties) {
    if (property.type === TSESTree.AST_NODE_TYPES.Property && !property.computed && propertyKeyName(property) === key) return property.value;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Finding, reading and parsing the sibling file.
// ---------------------------------------------------------------------------------------------

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** The file a relative specifier names: as written, `.js` written for a `.ts` source, or a directory's index. */
function resolveModule(dir: string, specifier: string): string | undefined {
  const base = path.resolve(dir, specifier);
  const stem = base.replace(/\.(?:[cm]?js|jsx)$/, '');
  const candidates = [base, ...EXTENSIONS.map((ext) => stem + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  return candidates.find(isFile);
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

interface CachedFile {
  mtimeMs: number;
  size: number;
  text: string | undefined;
  /** Parsed on first need; null when the text does not parse. */
  summary?: ModuleSummary | null;
  /** Questions whose text check failed: the file need not be parsed for them. */
  irrelevant?: Set<string>;
}

const files = new Map<string, CachedFile>();

function cachedFile(file: string): CachedFile | undefined {
  let mtimeMs: number;
  let size: number;
  try {
    ({ mtimeMs, size } = statSync(file));
  } catch {
    return undefined;
  }
  const cached = files.get(file);
  if (cached?.mtimeMs === mtimeMs && cached.size === size) return cached;
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = undefined;
  }
  const entry: CachedFile = { mtimeMs, size, text };
  files.set(file, entry);
  return entry;
}

/**
 * The parsed summary of the module a relative specifier names, or undefined when it is not
 * relative, cannot be found, read or parsed, or its text fails `mayMatter` (checked before parsing,
 * so most siblings are never parsed; remembered under `question` until the file changes).
 */
function siblingModule(importingFile: string, specifier: string, question: string, mayMatter: (text: string) => boolean): ModuleSummary | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const file = resolveModule(path.dirname(importingFile), specifier);
  const entry = file ? cachedFile(file) : undefined;
  if (!file || !entry?.text || entry.summary === null || entry.irrelevant?.has(question)) return undefined;
  if (entry.summary === undefined && !mayMatter(entry.text)) {
    (entry.irrelevant ??= new Set()).add(question);
    return undefined;
  }
  if (entry.summary === undefined) {
    try {
      entry.summary = new ModuleSummary(parseModule(entry.text, file));
    } catch {
      entry.summary = null;
    }
  }
  return entry.summary ?? undefined;
}
