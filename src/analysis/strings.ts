import { ASTUtils, TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import { HOLE } from '../flow/catalog.js';

/**
 * A piece of a string's static value. `origin` is the literal it was written in, which may be a
 * constant's initializer elsewhere in the file, so a path is reported where it is written, not
 * again at every use of the constant.
 */
export interface TextPiece {
  text: string;
  origin: TSESTree.Node;
}

/** Text the analysis cannot know: `${base}`, a parameter, an import from another module. */
export interface HolePiece {
  hole: true;
}

export type Piece = TextPiece | HolePiece;
export type StringPattern = Piece[];

const MAX_DEPTH = 8;
const UNKNOWN: StringPattern = [{ hole: true }];

export function isTextPiece(piece: Piece): piece is TextPiece {
  return !('hole' in piece);
}

/**
 * Gives the value of something imported from another module: `root` is the local binding, `path`
 * the property keys read from it (`PATHS.USER_COUNT` → ["USER_COUNT"]), `call` whether the result
 * is called (`PATHS.POLICY(id)`), `node` the whole expression in this file.
 */
export type ImportResolver = (root: TSESTree.Identifier, path: string[], call: boolean, node: TSESTree.Node) => StringPattern | undefined;

/** Evaluates what can be evaluated in string-building expressions and keeps the static pieces of the rest. */
export class StringEvaluator {
  private readonly cache = new Map<TSESTree.Node, StringPattern | undefined>();

  /**
   * With `resolveImport`, values imported from other modules are filled in too. The analysis uses
   * that only to identify a request's endpoint: where a path is reported stays with the module
   * that writes it.
   */
  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    private readonly resolveImport?: ImportResolver,
  ) {}

  /** The pattern of an expression as written here, or undefined when it is not string-like at all. */
  evaluate(node: TSESTree.Node): StringPattern | undefined {
    if (!this.cache.has(node)) this.cache.set(node, this.compute(node, 0));
    return this.cache.get(node);
  }

  private compute(node: TSESTree.Node, depth: number): StringPattern | undefined {
    if (depth > MAX_DEPTH) return undefined;
    switch (node.type) {
      case TSESTree.AST_NODE_TYPES.Literal:
        if (typeof node.value === 'string' || typeof node.value === 'number') return [{ text: String(node.value), origin: node }];
        return undefined;
      case TSESTree.AST_NODE_TYPES.TemplateLiteral:
        return node.quasis.flatMap((quasi, i) => {
          const text: Piece[] = quasi.value.cooked ? [{ text: quasi.value.cooked, origin: quasi }] : [];
          const expression = node.expressions[i];
          return expression ? [...text, ...(this.compute(expression, depth + 1) ?? UNKNOWN)] : text;
        });
      case TSESTree.AST_NODE_TYPES.BinaryExpression: {
        if (node.operator !== '+') return undefined;
        const left = this.compute(node.left, depth + 1);
        const right = this.compute(node.right, depth + 1);
        if (!left && !right) return undefined;
        return [...(left ?? UNKNOWN), ...(right ?? UNKNOWN)];
      }
      case TSESTree.AST_NODE_TYPES.TSAsExpression:
      case TSESTree.AST_NODE_TYPES.TSSatisfiesExpression:
      case TSESTree.AST_NODE_TYPES.TSNonNullExpression:
      case TSESTree.AST_NODE_TYPES.TSTypeAssertion:
        return this.compute(node.expression, depth + 1);
      case TSESTree.AST_NODE_TYPES.ChainExpression:
        return this.compute(node.expression, depth + 1);
      case TSESTree.AST_NODE_TYPES.Identifier: {
        const init = this.constantInitializer(node);
        if (init) return this.compute(init, depth + 1);
        return this.resolveImport?.(node, [], false, node);
      }
      case TSESTree.AST_NODE_TYPES.MemberExpression:
        return this.member(node, depth);
      case TSESTree.AST_NODE_TYPES.NewExpression:
        return this.newUrl(node, depth);
      case TSESTree.AST_NODE_TYPES.CallExpression:
        // String(x) and x.toString() keep x's value.
        if (node.callee.type === TSESTree.AST_NODE_TYPES.Identifier && node.callee.name === 'String' && node.arguments[0]) return this.compute(node.arguments[0], depth + 1);
        if (isMethodCall(node, 'toString') && node.callee.type === TSESTree.AST_NODE_TYPES.MemberExpression) return this.compute(node.callee.object, depth + 1);
        return this.imported(node.callee, true, node);
      default:
        return undefined;
    }
  }

  private member(node: TSESTree.MemberExpression, depth: number): StringPattern | undefined {
    if (!node.computed && node.property.type === TSESTree.AST_NODE_TYPES.Identifier && (node.property.name === 'href' || node.property.name === 'pathname')) {
      const url = this.compute(node.object, depth + 1);
      if (url && node.object.type === TSESTree.AST_NODE_TYPES.NewExpression) return url;
    }
    const value = this.propertyValue(node, depth);
    if (value) return this.compute(value, depth + 1);
    const imported = this.imported(node, false, node);
    if (imported) return imported;
    const scope = this.sourceCode.getScope(node);
    const constant = ASTUtils.getStaticValue(node, scope);
    if (constant && typeof constant.value === 'string') return [{ text: constant.value, origin: node }];
    return undefined;
  }

  /** `PATHS.USER_COUNT`, `PATHS.POLICY(id)`: a member chain on a binding, handed to the import resolver. */
  private imported(node: TSESTree.Node, call: boolean, whole: TSESTree.Node): StringPattern | undefined {
    if (!this.resolveImport) return undefined;
    const path: string[] = [];
    let current = unwrap(node);
    while (current.type === TSESTree.AST_NODE_TYPES.MemberExpression) {
      const key = memberKey(current);
      if (key === undefined) return undefined;
      path.unshift(key);
      current = unwrap(current.object);
    }
    return current.type === TSESTree.AST_NODE_TYPES.Identifier ? this.resolveImport(current, path, call, whole) : undefined;
  }

  /** `PATHS.USER_COUNT` or `API.index['count']`, where the object is a const object literal in this file. */
  propertyValue(node: TSESTree.MemberExpression, depth = 0): TSESTree.Node | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const key = memberKey(node);
    if (key === undefined) return undefined;
    const object = this.objectLiteral(node.object, depth + 1);
    const property = object?.properties.find(
      (p): p is TSESTree.Property => p.type === TSESTree.AST_NODE_TYPES.Property && !p.computed && propertyKeyName(p) === key,
    );
    return property?.value;
  }

  objectLiteral(node: TSESTree.Node, depth = 0): TSESTree.ObjectExpression | undefined {
    const target = unwrap(node);
    if (target.type === TSESTree.AST_NODE_TYPES.ObjectExpression) return target;
    if (target.type === TSESTree.AST_NODE_TYPES.Identifier) {
      const init = this.constantInitializer(target);
      return init ? this.objectLiteral(init, depth + 1) : undefined;
    }
    if (target.type === TSESTree.AST_NODE_TYPES.MemberExpression) {
      const value = this.propertyValue(target, depth + 1);
      return value ? this.objectLiteral(value, depth + 1) : undefined;
    }
    return undefined;
  }

  /** The initializer of a `const` binding in this file (never `let`: it may be reassigned). */
  constantInitializer(node: TSESTree.Identifier): TSESTree.Expression | undefined {
    const variable = ASTUtils.findVariable(this.sourceCode.getScope(node), node);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (def?.type !== 'Variable' || def.parent.kind !== 'const') return undefined;
    const declarator = def.node;
    return declarator.id.type === TSESTree.AST_NODE_TYPES.Identifier && declarator.init ? declarator.init : undefined;
  }

  /** `new URL(path, base)`: an absolute path keeps only the base's origin; a relative one is appended to the base. */
  private newUrl(node: TSESTree.NewExpression, depth: number): StringPattern | undefined {
    if (node.callee.type !== TSESTree.AST_NODE_TYPES.Identifier || node.callee.name !== 'URL') return undefined;
    const [pathArg, baseArg] = node.arguments;
    if (!pathArg || pathArg.type === TSESTree.AST_NODE_TYPES.SpreadElement) return undefined;
    const path = this.compute(pathArg, depth + 1) ?? UNKNOWN;
    if (!baseArg || baseArg.type === TSESTree.AST_NODE_TYPES.SpreadElement) return path;
    const first = path[0];
    if (first && isTextPiece(first) && /^[a-z][\w+.-]*:/i.test(first.text)) return path;
    if (first && isTextPiece(first) && first.text.startsWith('/')) return [...UNKNOWN, ...path];
    return [...(this.compute(baseArg, depth + 1) ?? UNKNOWN), ...path];
  }
}

export function unwrap(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (
    current.type === TSESTree.AST_NODE_TYPES.TSAsExpression ||
    current.type === TSESTree.AST_NODE_TYPES.TSSatisfiesExpression ||
    current.type === TSESTree.AST_NODE_TYPES.TSNonNullExpression ||
    current.type === TSESTree.AST_NODE_TYPES.TSTypeAssertion ||
    current.type === TSESTree.AST_NODE_TYPES.ChainExpression
  ) {
    current = current.expression;
  }
  return current;
}

/** The static name of a member access: `a.b` → "b", `a['b']` → "b", `a[0]` → "0"; undefined when computed from a variable. */
export function memberKey(node: TSESTree.MemberExpression): string | undefined {
  if (!node.computed) return node.property.type === TSESTree.AST_NODE_TYPES.Identifier ? node.property.name : undefined;
  if (node.property.type === TSESTree.AST_NODE_TYPES.Literal && (typeof node.property.value === 'string' || typeof node.property.value === 'number')) return String(node.property.value);
  if (node.property.type === TSESTree.AST_NODE_TYPES.TemplateLiteral && node.property.expressions.length === 0) return node.property.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** The static name of an object literal key: `a: 1`, `'a': 1`, `['a']: 1`. */
export function propertyKeyName(property: TSESTree.Property | TSESTree.PropertyDefinition): string | undefined {
  const key = property.key;
  if (key.type === TSESTree.AST_NODE_TYPES.Identifier && !property.computed) return key.name;
  if (key.type === TSESTree.AST_NODE_TYPES.Literal && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
  if (key.type === TSESTree.AST_NODE_TYPES.TemplateLiteral && key.expressions.length === 0) return key.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

export function isMethodCall(node: TSESTree.CallExpression, name: string): boolean {
  return node.callee.type === TSESTree.AST_NODE_TYPES.MemberExpression && memberKey(node.callee) === name;
}

/** `Object.assign(target, …sources)`. */
export function isObjectAssign(call: TSESTree.CallExpression): boolean {
  return call.callee.type === TSESTree.AST_NODE_TYPES.MemberExpression && call.callee.object.type === TSESTree.AST_NODE_TYPES.Identifier && call.callee.object.name === 'Object' && isMethodCall(call, 'assign');
}

/** Joins a base URL and a relative path the way axios, got and ky do: exactly one slash between them. */
export function joinUrl(base: StringPattern, relative: StringPattern): StringPattern {
  const last = base.at(-1);
  const first = relative[0];
  const baseSlash = last && isTextPiece(last) && last.text.endsWith('/');
  const relativeSlash = first && isTextPiece(first) && first.text.startsWith('/');
  if (first && isTextPiece(first) && /^[a-z][\w+.-]*:\/\//i.test(first.text)) return relative;
  if (baseSlash && relativeSlash) return [...base, { ...first, text: first.text.slice(1) }, ...relative.slice(1)];
  if (!baseSlash && !relativeSlash && last && first) return [...base, { text: '/', origin: (isTextPiece(first) ? first : (last as TextPiece)).origin }, ...relative];
  return [...base, ...relative];
}

/** The pattern as one string (unknown parts as HOLE) with, per character, the piece it came from. */
export function flatten(pattern: StringPattern): { text: string; owners: (TextPiece | undefined)[] } {
  let text = '';
  const owners: (TextPiece | undefined)[] = [];
  for (const piece of pattern) {
    if (isTextPiece(piece)) {
      text += piece.text;
      for (let i = 0; i < piece.text.length; i++) owners.push(piece);
    } else {
      text += HOLE;
      owners.push(undefined);
    }
  }
  return { text, owners };
}
