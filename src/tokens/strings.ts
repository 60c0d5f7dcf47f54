import { ASTUtils, TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import { isMethodCall, memberKey, propertyKeyName } from '../project/ast.js';
import { constantInitializer, objectLiteralOf } from '../project/same-file.js';
import { isTextPiece, UNKNOWN_TEXT, type Piece, type StringPattern } from '../flow/strings.js';

export type { StringPattern, TextPiece } from '../flow/strings.js';
export { flatten, isTextPiece } from '../flow/strings.js';

const MAX_DEPTH = 8;
const UNKNOWN = UNKNOWN_TEXT;

/**
 * What the token rules can tell of a string inside one file (a header's value, a token option):
 * the static pieces of string-building expressions, through `const`s and object literals of the
 * file. The engine follows values across files; headers and secrets are written where they are sent.
 */
export class StringEvaluator {
  private readonly cache = new Map<TSESTree.Node, StringPattern | undefined>();

  constructor(private readonly sourceCode: Readonly<TSESLint.SourceCode>) {}

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
        return init ? this.compute(init, depth + 1) : undefined;
      }
      case TSESTree.AST_NODE_TYPES.MemberExpression:
        return this.member(node, depth);
      case TSESTree.AST_NODE_TYPES.NewExpression:
        return this.newUrl(node, depth);
      case TSESTree.AST_NODE_TYPES.CallExpression:
        // String(x) and x.toString() keep x's value.
        if (node.callee.type === TSESTree.AST_NODE_TYPES.Identifier && node.callee.name === 'String' && node.arguments[0]) return this.compute(node.arguments[0], depth + 1);
        if (isMethodCall(node, 'toString') && node.callee.type === TSESTree.AST_NODE_TYPES.MemberExpression) return this.compute(node.callee.object, depth + 1);
        return undefined;
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
    const scope = this.sourceCode.getScope(node);
    const constant = ASTUtils.getStaticValue(node, scope);
    if (constant && typeof constant.value === 'string') return [{ text: constant.value, origin: node }];
    return undefined;
  }

  /** `PATHS.USER_COUNT` or `API.index['count']`, where the object is a const object literal in this file. */
  propertyValue(node: TSESTree.MemberExpression, depth = 0): TSESTree.Node | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const key = memberKey(node);
    if (key === undefined) return undefined;
    const object = this.objectLiteral(node.object);
    const property = object?.properties.find(
      (p): p is TSESTree.Property => p.type === TSESTree.AST_NODE_TYPES.Property && !p.computed && propertyKeyName(p) === key,
    );
    return property?.value;
  }

  objectLiteral(node: TSESTree.Node): TSESTree.ObjectExpression | undefined {
    return objectLiteralOf(this.sourceCode, node);
  }

  constantInitializer(node: TSESTree.Identifier): TSESTree.Expression | undefined {
    return constantInitializer(this.sourceCode, node);
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

/** `Object.assign(target, …sources)`. */
export function isObjectAssign(call: TSESTree.CallExpression): boolean {
  return call.callee.type === TSESTree.AST_NODE_TYPES.MemberExpression && call.callee.object.type === TSESTree.AST_NODE_TYPES.Identifier && call.callee.object.name === 'Object' && isMethodCall(call, 'assign');
}
