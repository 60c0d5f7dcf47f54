import { TSESTree } from '../ts-eslint-lite.js';
import type { FieldContext } from './field-context.js';
import type { FieldFinding } from './findings.js';
import type { RequestSite } from './requests.js';
import { calleeText } from './requests.js';
import { body, promise, ResponseTracer, type Shape } from './response-flow.js';
import type { SchemaType } from './schemas.js';
import type { SdkTypes } from './sdk-types.js';

const T = TSESTree.AST_NODE_TYPES;

/**
 * The last words of schema names that are too common as parameter names to hint at a type on their
 * own: `response`, `request`, `options`, `result`, … A full schema name (`chatResponse`) still counts.
 */
const GENERIC_LAST_WORDS = new Set(['Response', 'Request', 'Result', 'Results', 'Options', 'Info', 'Type', 'Types', 'Value', 'Values', 'Item', 'Items', 'Data', 'Definition', 'Properties', 'Filter']);

/**
 * Deprecated fields read from responses (issue #5): from every request to a known endpoint with a
 * response type, in the state its client returns it, and from every value the code types with the
 * SDK's schema types (annotations, `as`, return types), plus the narrow parameter-name hint.
 */
export function findResponseFields(context: FieldContext): FieldFinding[] {
  const findings: FieldFinding[] = [];
  for (const site of context.sites) {
    const type = site.endpoint && context.schemas.root(site.endpoint, 'response');
    const shape = type && siteShape(site, type);
    if (!shape) continue;
    const tracer = new ResponseTracer(context, site.endpoint);
    tracer.from(site.call, shape);
    findings.push(...tracer.findings);
  }
  if (context.sdkTypes.any) {
    for (const start of typedStarts(context)) {
      const tracer = new ResponseTracer(context, undefined);
      start(tracer);
      findings.push(...tracer.findings);
    }
  }
  return findings;
}

/** The value a request call evaluates to, as its client returns it. */
function siteShape(site: RequestSite, type: SchemaType): Shape | undefined {
  switch (site.client) {
    case 'fetch':
      return promise({ kind: 'http-response', type });
    case 'undici':
      return promise({ kind: 'undici-response', type });
    case 'axios':
      return promise({ kind: 'axios-response', type });
    case 'got':
    case 'ky':
      return { kind: 'json-promise', type };
    case 'sdk': {
      if (!site.sdk || site.sdk.name.includes('.')) return promise(body(type));
      // react-query hooks return query objects, not the response.
      if (/^use[A-Z]/.test(calleeText(site.call.callee)?.split('.').at(-1) ?? '')) return undefined;
      return promise({ kind: 'sdk-result', type });
    }
    default:
      // ofetch, declared wrappers and Angular-style `http.post(…)` give the parsed body.
      return promise(body(type));
  }
}

type Start = (tracer: ResponseTracer) => void;

/** Where code names an SDK schema type for a value, and untyped parameters the name hint applies to. */
function typedStarts(context: FieldContext): Start[] {
  const { sdkTypes } = context;
  const starts: Start[] = [];
  for (const node of context.annotated) {
    switch (node.type) {
      case T.Identifier: {
        const type = sdkTypes.ofBinding(node);
        if (type) starts.push((tracer) => tracer.pattern(node, body(type), 0, undefined));
        break;
      }
      case T.TSAsExpression:
      case T.TSSatisfiesExpression: {
        const shape = shapeOfAnnotation(sdkTypes, node.typeAnnotation);
        if (shape) starts.push((tracer) => tracer.from(node, shape));
        break;
      }
      case T.FunctionDeclaration:
      case T.FunctionExpression:
      case T.ArrowFunctionExpression: {
        const shape = shapeOfAnnotation(sdkTypes, node.returnType?.typeAnnotation);
        // The declared type is what the function gives back: awaiting an async function's call gives the inner type.
        if (shape) starts.push((tracer) => tracer.returned(node, node.async ? awaitedShape(shape) : shape, 0, undefined));
        break;
      }
      default:
        break;
    }
  }
  const hints = nameHints(context);
  const declarators = new Set<TSESTree.VariableDeclarator>();
  for (const scope of context.sourceCode.scopeManager?.scopes ?? []) {
    if (scope.type === 'function') {
      const fn = scope.block as TSESTree.FunctionLike;
      for (const param of fn.params) {
        const binding = bindingOf(param);
        // Destructured parameters with a type (`({ messages }: ChatResponse) => …`) are not in `annotated`.
        if (binding.type === T.ObjectPattern || binding.type === T.ArrayPattern) {
          const type = sdkTypes.ofBinding(binding);
          if (type) starts.push((tracer) => tracer.pattern(binding, body(type), 0, undefined));
        } else if (binding.type === T.Identifier && isUntyped(binding)) {
          const type = hints(binding.name);
          if (type) starts.push((tracer) => tracer.pattern(binding, body(type), 0, undefined));
        }
      }
    }
    for (const variable of scope.variables) {
      for (const def of variable.defs) {
        // `const { messages }: ChatResponse = …` (typed identifiers are in `annotated`).
        if (def.type !== 'Variable' || def.node.id.type === T.Identifier || declarators.has(def.node)) continue;
        declarators.add(def.node);
        const pattern = def.node.id;
        const type = sdkTypes.ofBinding(pattern);
        if (type) starts.push((tracer) => tracer.pattern(pattern, body(type), 0, undefined));
      }
    }
  }
  return starts;
}

function awaitedShape(shape: Shape): Shape {
  return shape.kind === 'promise' ? shape.of : shape;
}

/** `ChatResponse`, `Promise<ChatResponse>`, `AxiosResponse<ChatResponse>`, and what the SDK types resolve. */
function shapeOfAnnotation(sdkTypes: SdkTypes, node: TSESTree.TypeNode | undefined): Shape | undefined {
  if (!node) return undefined;
  if (node.type === T.TSTypeReference && node.typeName.type === T.Identifier) {
    const argument = node.typeArguments?.params[0];
    const name = node.typeName.name;
    if ((name === 'Promise' || name === 'PromiseLike') && argument) {
      const inner = shapeOfAnnotation(sdkTypes, argument);
      return inner && promise(inner);
    }
    if (name === 'AxiosResponse' && argument) {
      const type = sdkTypes.ofAnnotation(argument);
      return type && { kind: 'axios-response', type };
    }
  }
  const type = sdkTypes.ofAnnotation(node);
  return type && body(type);
}

function bindingOf(param: TSESTree.Parameter): TSESTree.Node {
  let node: TSESTree.Node = param;
  if (node.type === T.TSParameterProperty) node = node.parameter;
  if (node.type === T.AssignmentPattern) node = node.left;
  return node;
}

/** No annotation, or `any`: the only parameters the name hint applies to. */
function isUntyped(id: TSESTree.Identifier): boolean {
  const annotation = id.typeAnnotation?.typeAnnotation;
  return !annotation || annotation.type === T.TSAnyKeyword;
}

/**
 * The name hint, for files that import the SDK's schema types: an untyped parameter named like a
 * schema object (`chatResponse` → ChatResponse, `dlpConfig` → DlpConfig), or like the last word of
 * a schema type this file imports (`message` → ChatMessage when the file imports ChatMessage).
 * Generic last words (`response`, `options`, …) and last words shared by two imported types do not count.
 */
function nameHints(context: FieldContext): (name: string) => SchemaType | undefined {
  const { schemas, sdkTypes } = context;
  const byLastWord = new Map<string, SchemaType | null>();
  for (const statement of context.sourceCode.ast.body) {
    if (statement.type !== T.ImportDeclaration) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== T.ImportSpecifier) continue;
      const type = sdkTypes.ofName(specifier.local.name);
      const words = type && type.array === 0 ? type.name.match(/[A-Z][a-z0-9]*/g) : undefined;
      const last = words && words.length > 1 ? words.at(-1)! : undefined;
      if (!type || !last || GENERIC_LAST_WORDS.has(last)) continue;
      const word = last.toLowerCase();
      const known = byLastWord.get(word);
      byLastWord.set(word, known === undefined || known?.name === type.name ? type : null);
    }
  }
  return (name) => {
    const pascal = name.charAt(0).toUpperCase() + name.slice(1);
    if (/^[a-z][A-Za-z0-9]*[A-Z]/.test(name) && schemas.knows(pascal)) return { name: pascal, array: 0 };
    return byLastWord.get(name) ?? undefined;
  };
}
