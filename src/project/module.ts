import { parseWithScopes, type ParsePurpose } from '../parsers.js';
import type { TSESLint, TSESTree } from '../ts-eslint-lite.js';
import { setParents, T, type VisitorKeys } from './ast.js';
import { packLocations } from './packed-locations.js';
import { packTokens } from './packed-tokens.js';
import { componentSource, componentScript, isComponentFile, templateStartOf } from './components.js';

type ScopeManager = NonNullable<Readonly<TSESLint.SourceCode>['scopeManager']>;
export type Scope = TSESLint.Scope.Scope;
export type Variable = TSESLint.Scope.Variable;
export type Reference = TSESLint.Scope.Reference;

/** What a module exports under one name, as its syntax says. */
export type ExportEntry =
  /** `export const x`, `export { x as y }`, `export default x` of a local binding. */
  | { kind: 'local'; local: string }
  /** `export default <expression>`, `export default function () {}`. */
  | { kind: 'expression'; node: TSESTree.Node }
  /** `export { x as y } from './m'`, `export * as ns from './m'` (name `*`). */
  | { kind: 're-export'; source: string; name: string };

/**
 * One parsed source file: its tree with parents set, its scopes, and what it imports and exports.
 * Made by the project index from disk, or from the tree ESLint is linting.
 */
export class ParsedModule {
  readonly exports = new Map<string, ExportEntry>();
  /** `export * from './m'`: names not found above are looked up there. */
  readonly starExports: string[] = [];
  /** The types it exports by name (declared, aliased or re-exported), which carry the service's schemas to files that never import the SDK. */
  readonly typeExports = new Set<string>();
  /** `export type * from './m'`. */
  readonly typeStarExports: string[] = [];
  /** Every module specifier it names: imports, re-exports, `require('…')`, `import('…')`. */
  readonly specifiers = new Set<string>();
  /** Whether it assigns `module.exports` or `exports.x` (so `require` gives those, not an ES namespace). */
  readonly commonJs: boolean;
  /** TypeScript's `export = x`: what `require` and `import x = require(…)` give is x itself. */
  exportAssignment = false;
  /** Where the code made of a component's markup starts (project/component-template.ts); past the end in any other module. */
  readonly templateStart: number;
  private referenceMap: Map<TSESTree.Identifier | TSESTree.JSXIdentifier, Reference> | undefined;

  constructor(
    readonly path: string,
    readonly text: string,
    readonly ast: TSESTree.Program,
    readonly scopeManager: ScopeManager,
    readonly visitorKeys: VisitorKeys,
  ) {
    this.commonJs = /\b(?:module\.exports|exports\.[\w$]+\s*=|exports\[)/.test(text);
    this.templateStart = isComponentFile(path) ? templateStartOf(text) : Infinity;
    this.readTopLevel();
  }

  /** The reference an identifier makes, with the variable it resolves to (undefined for globals and non-references). */
  reference(identifier: TSESTree.Identifier | TSESTree.JSXIdentifier): Reference | undefined {
    if (!this.referenceMap) {
      this.referenceMap = new Map();
      for (const scope of this.scopeManager.scopes) for (const reference of scope.references) this.referenceMap.set(reference.identifier, reference);
    }
    return this.referenceMap.get(identifier);
  }

  /** The variable a declaration's identifier declares, in the innermost scope around it. */
  declaredVariable(identifier: TSESTree.Identifier): Variable | undefined {
    for (let node: TSESTree.Node | undefined = identifier; node; node = node.parent) {
      const scope = this.scopeManager.acquire(node, true);
      if (!scope) continue;
      for (let current: Scope | null = scope; current; current = current.upper) {
        const variable = current.set.get(identifier.name);
        if (variable?.identifiers.includes(identifier)) return variable;
      }
    }
    return undefined;
  }

  /** The module scope's variable of that name (for exports of local bindings). */
  topLevelVariable(name: string): Variable | undefined {
    const global = this.scopeManager.globalScope;
    const module = global?.childScopes.find((scope) => scope.type === 'module') ?? global;
    return module?.set.get(name) ?? global?.set.get(name);
  }

  private readTopLevel(): void {
    for (const statement of this.ast.body) {
      switch (statement.type) {
        case T.ImportDeclaration:
          this.specifiers.add(statement.source.value);
          break;
        case T.ExportAllDeclaration:
          this.specifiers.add(statement.source.value);
          if (statement.exportKind === 'type') {
            if (statement.exported) this.typeExports.add(nameOf(statement.exported));
            else this.typeStarExports.push(statement.source.value);
            break;
          }
          if (statement.exported) this.exports.set(nameOf(statement.exported), { kind: 're-export', source: statement.source.value, name: '*' });
          else this.starExports.push(statement.source.value);
          break;
        case T.ExportNamedDeclaration:
          this.readNamedExport(statement);
          break;
        case T.ExportDefaultDeclaration: {
          const declaration = statement.declaration;
          if ((declaration.type === T.FunctionDeclaration || declaration.type === T.ClassDeclaration) && declaration.id) {
            this.exports.set('default', { kind: 'local', local: declaration.id.name });
          } else if (declaration.type === T.Identifier) {
            this.exports.set('default', { kind: 'local', local: declaration.name });
          } else if (declaration.type !== T.TSInterfaceDeclaration && declaration.type !== T.TSDeclareFunction) {
            this.exports.set('default', { kind: 'expression', node: declaration });
          }
          break;
        }
        case T.TSExportAssignment:
          // `export = x` in CommonJS-flavoured TypeScript.
          this.exports.set('default', { kind: 'expression', node: statement.expression });
          this.exportAssignment = true;
          break;
        default:
          break;
      }
    }
    // `require('./x')` and `import('./x')` anywhere: cheap to find in the text, and only a hint for the index.
    for (const match of this.text.matchAll(/\b(?:require|import)\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g)) this.specifiers.add(match[2]!);
  }

  private readNamedExport(statement: TSESTree.ExportNamedDeclaration): void {
    const declaration = statement.declaration;
    if (declaration?.type === T.TSTypeAliasDeclaration || declaration?.type === T.TSInterfaceDeclaration) this.typeExports.add(declaration.id.name);
    for (const specifier of statement.specifiers) if (statement.exportKind === 'type' || specifier.exportKind === 'type') this.typeExports.add(nameOf(specifier.exported));
    if (statement.exportKind === 'type') return;
    if (statement.source) {
      this.specifiers.add(statement.source.value);
      for (const specifier of statement.specifiers) {
        if (specifier.exportKind === 'type') continue;
        this.exports.set(nameOf(specifier.exported), { kind: 're-export', source: statement.source.value, name: nameOf(specifier.local) });
      }
      return;
    }
    if (declaration?.type === T.VariableDeclaration) {
      for (const declarator of declaration.declarations) for (const name of boundNames(declarator.id)) this.exports.set(name, { kind: 'local', local: name });
    } else if ((declaration?.type === T.FunctionDeclaration || declaration?.type === T.ClassDeclaration || declaration?.type === T.TSEnumDeclaration) && declaration.id) {
      this.exports.set(declaration.id.name, { kind: 'local', local: declaration.id.name });
    }
    for (const specifier of statement.specifiers) {
      if (specifier.exportKind === 'type') continue;
      this.exports.set(nameOf(specifier.exported), { kind: 'local', local: nameOf(specifier.local) });
    }
  }
}

function nameOf(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === T.Identifier ? node.name : node.value;
}

/** The names a binding pattern declares: `{ a, b: { c }, ...d }` → a, c, d. */
export function boundNames(pattern: TSESTree.Node): string[] {
  switch (pattern.type) {
    case T.Identifier:
      return [pattern.name];
    case T.ObjectPattern:
      return pattern.properties.flatMap((property) => boundNames(property.type === T.RestElement ? property.argument : property.value));
    case T.ArrayPattern:
      return pattern.elements.flatMap((element) => (element ? boundNames(element) : []));
    case T.AssignmentPattern:
      return boundNames(pattern.left);
    case T.RestElement:
      return boundNames(pattern.argument);
    default:
      return [];
  }
}

/** A parse of our own, parents set (see `parseWithScopes` for the purposes). Throws when the text does not parse. */
export function parseModule(path: string, fileText: string, purpose: ParsePurpose = 'analysis'): ParsedModule {
  if (!isComponentFile(path)) return parsed(path, fileText, purpose);
  const source = componentSource(path, fileText);
  try {
    return parsed(path, source, purpose);
  } catch (error) {
    // Markup whose expressions do not parse as script costs the template, not the component's scripts.
    const script = componentScript(fileText);
    if (source === script) throw error;
    return parsed(path, script, purpose);
  }
}

function parsed(path: string, text: string, purpose: ParsePurpose): ParsedModule {
  const result = parseWithScopes(text, path, purpose);
  setParents(result.ast, result.visitorKeys as VisitorKeys);
  if (purpose === 'eslint') {
    packTokens(result.ast, text);
    packLocations(result.ast, text, result.visitorKeys as VisitorKeys);
  }
  return new ParsedModule(path, text, result.ast, result.scopeManager as ScopeManager, result.visitorKeys as VisitorKeys);
}

/** The identifier a member chain or call starts from: `app` of `app.route('/x').post`. */
export function rootIdentifier(node: TSESTree.Node): string | undefined {
  let current = node;
  for (;;) {
    if (current.type === T.Identifier) return current.name;
    if (current.type === T.MemberExpression) current = current.object;
    else if (current.type === T.CallExpression) current = current.callee;
    else return undefined;
  }
}

/** Where a module gets a name from: `import x from 'source'`, `const x = require('source')`, or a variable made from such a name (`const app = express()`). */
export function importSourceOf(module: ParsedModule, name: string, depth = 0): string | undefined {
  if (depth > 4) return undefined;
  for (const statement of module.ast.body) {
    if (statement.type === T.ImportDeclaration && statement.specifiers.some((specifier) => specifier.local.name === name)) return statement.source.value;
    const declaration = statement.type === T.ExportNamedDeclaration ? statement.declaration : statement;
    if (declaration?.type !== T.VariableDeclaration) continue;
    for (const declarator of declaration.declarations) {
      const names = declarator.id.type === T.Identifier ? [declarator.id.name] : declarator.id.type === T.ObjectPattern ? declarator.id.properties.flatMap((p) => (p.type === T.Property && p.value.type === T.Identifier ? [p.value.name] : [])) : [];
      if (!names.includes(name) || !declarator.init) continue;
      const init = declarator.init.type === T.AwaitExpression ? declarator.init.argument : declarator.init;
      if (init.type === T.CallExpression && init.callee.type === T.Identifier && init.callee.name === 'require' && init.arguments[0]?.type === T.Literal) return String(init.arguments[0].value);
      const root = rootIdentifier(init);
      return root && root !== name ? importSourceOf(module, root, depth + 1) : undefined;
    }
  }
  return undefined;
}
