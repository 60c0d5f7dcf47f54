import { TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import { catalogFor } from '../flow/catalog.js';
import { evaluateCandidate, findEndpointUses, siteCandidates, stringRootOf, type Candidate } from './endpoint-uses.js';
import type { FieldFinding, Finding } from './findings.js';
import type { FieldContext } from './field-context.js';
import { ValueFlow } from './flow.js';
import { findRequestFields } from './request-fields.js';
import { calleeText, findRequestSites, type RequestSite } from './requests.js';
import { findResponseFields } from './response-fields.js';
import { schemaIndexFor } from './schemas.js';
import { SdkTypes } from './sdk-types.js';
import type { Settings } from './settings.js';
import { memberKey, propertyKeyName, StringEvaluator } from './strings.js';
import { walkTree } from './tree.js';
import { installedSdk } from '../sdk/installed.js';
import { modelsModuleOf } from '../sdk/replacements.js';
import { findTypedCalls } from './typed-calls.js';
import { findTypedFields, typeInfoFor } from './typed-fields.js';

export interface FileAnalysis {
  findings: Finding[];
  sites: RequestSite[];
}

/** Names that say "this holds a URL or a path": where a bare endpoint name counts as a use. */
const URL_NAME = /(?:^|[a-z_])(?:url|uri|path|endpoint|route|href)s?$|^(?:url|uri|path|endpoint|route|href|resource|action)$/i;

/**
 * Calls that look like they send a request: their arguments are URL positions. Test titles
 * (`describe('getusercount')`), translation keys (`t('listanswers')`) and `path.join` are not.
 */
const REQUEST_CALLEE = /(?:^|[._])(?:api|request|fetch|post|put|patch|get|delete|call|send|invoke|query|http|client|endpoint)|(?:Api|Request|Fetch|Post|Put|Patch|Get|Delete|Call|Send|Invoke|Query|Http|Client|Endpoint)[A-Za-z]*$/;

const cache = new WeakMap<TSESTree.Program, { settings: Settings; analysis: FileAnalysis }>();

/** The shared per-file analysis: computed once per file and settings, read by every rule. */
export function analyzeFile(sourceCode: Readonly<TSESLint.SourceCode>, filename: string, settings: Settings): FileAnalysis {
  const cached = cache.get(sourceCode.ast);
  if (cached?.settings === settings) return cached.analysis;
  const analysis = runAnalysis(sourceCode, filename, settings);
  cache.set(sourceCode.ast, { settings, analysis });
  return analysis;
}

function runAnalysis(sourceCode: Readonly<TSESLint.SourceCode>, filename: string, settings: Settings): FileAnalysis {
  const catalog = catalogFor(settings.schedule);
  const strings = new StringEvaluator(sourceCode);
  const nodes = collectNodes(sourceCode);
  const flow = new ValueFlow(sourceCode, () => nodes.thisMembers);
  const sites = findRequestSites({ sourceCode, filename, catalog, strings, flow, wrappers: settings.wrappers, calls: nodes.calls, typed: nodes.typed });
  const candidates: Candidate[] = [];
  const push = (node: TSESTree.Node | null | undefined, urlPosition: boolean) => {
    const candidate = node && evaluateCandidate(strings, node, urlPosition);
    if (candidate) candidates.push(candidate);
  };
  for (const root of nodes.stringRoots) push(root, false);
  for (const node of nodes.urlPositions) push(node, true);
  candidates.push(...siteCandidates(sites));
  const findings: Finding[] = findEndpointUses(catalog, candidates, sites);
  // Type-aware mode (parserOptions.projectService or project): SDK calls and fields found through TypeScript's types.
  const typeInfo = typeInfoFor(sourceCode, settings.schedule.sdk.package);
  if (typeInfo) findings.push(...findTypedCalls(sourceCode, typeInfo, catalog, findings));
  const schemas = schemaIndexFor(settings.schedule);
  // Field names are specific enough that a file without any of them has no field finding.
  if ([...schemas.fieldNames].some((name) => sourceCode.text.includes(name))) {
    const sdkTypes = new SdkTypes(sourceCode, settings.schedule.sdk, schemas);
    // In type-aware mode the types may come from other files, so any file naming a field is checked.
    if (sdkTypes.any || sites.some((site) => site.endpoint) || typeInfo) {
      const context: FieldContext = {
        sourceCode,
        filename,
        schemas,
        sdkTypes,
        strings,
        flow,
        sites,
        annotated: nodes.annotated,
        objectLiteral: (node) => strings.objectLiteral(node),
        installedSdk: once(() => installedSdk(filename, settings.schedule.sdk.package, modelsModuleOf(settings.schedule.sdk))),
        ...(typeInfo ? { typeInfo } : {}),
      };
      // Typed findings come last: where both analyses see a node, the syntax-only one (which may know the endpoint) stays.
      findings.push(...dedupe([...findRequestFields(context), ...findResponseFields(context), ...findTypedFields(context)]));
    }
  }
  return { findings, sites };
}

function once<T>(compute: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}

/** One finding per node and notice, however many ways the analysis reached it. */
function dedupe(findings: FieldFinding[]): FieldFinding[] {
  const seen = new Map<string, FieldFinding>();
  for (const finding of findings) {
    const key = `${finding.node.range.join(':')}:${finding.item.id}`;
    const known = seen.get(key);
    // A finding that knows its endpoint says more than the same finding reached through a type name.
    if (!known || (!known.endpoint && finding.endpoint)) seen.set(key, finding);
  }
  return [...seen.values()];
}

interface CollectedNodes {
  stringRoots: TSESTree.Node[];
  urlPositions: TSESTree.Node[];
  calls: TSESTree.CallExpression[];
  thisMembers: Map<string, TSESTree.MemberExpression[]>;
  /** Identifiers declared with a type annotation, by the annotation's type name. */
  typed: Map<string, TSESTree.Identifier[]>;
  /** Where code names a type for a value: annotated bindings, `as`/`satisfies`, return types. */
  annotated: TSESTree.Node[];
}

/** One walk over the tree gathers everything the detectors start from. */
function collectNodes(sourceCode: Readonly<TSESLint.SourceCode>): CollectedNodes {
  const collected: CollectedNodes = { stringRoots: [], urlPositions: [], calls: [], thisMembers: new Map(), typed: new Map(), annotated: [] };
  walkTree(sourceCode.ast, sourceCode.visitorKeys, (node) => visit(node, collected));
  return collected;
}

function visit(node: TSESTree.Node, collected: CollectedNodes): void {
  switch (node.type) {
    case TSESTree.AST_NODE_TYPES.TSAsExpression:
    case TSESTree.AST_NODE_TYPES.TSSatisfiesExpression:
    case TSESTree.AST_NODE_TYPES.FunctionDeclaration:
    case TSESTree.AST_NODE_TYPES.FunctionExpression:
    case TSESTree.AST_NODE_TYPES.ArrowFunctionExpression:
      if (node.type === TSESTree.AST_NODE_TYPES.TSAsExpression || node.type === TSESTree.AST_NODE_TYPES.TSSatisfiesExpression || node.returnType) collected.annotated.push(node);
      return;
    case TSESTree.AST_NODE_TYPES.Literal:
      if (typeof node.value === 'string' && isStringRoot(node)) collected.stringRoots.push(node);
      return;
    case TSESTree.AST_NODE_TYPES.TemplateLiteral:
    case TSESTree.AST_NODE_TYPES.BinaryExpression:
      if ((node.type === TSESTree.AST_NODE_TYPES.TemplateLiteral || node.operator === '+') && isStringRoot(node)) collected.stringRoots.push(node);
      return;
    case TSESTree.AST_NODE_TYPES.CallExpression:
    case TSESTree.AST_NODE_TYPES.NewExpression: {
      if (node.type === TSESTree.AST_NODE_TYPES.CallExpression) collected.calls.push(node);
      const callee = calleeText(node.callee);
      const urlCall = node.type === TSESTree.AST_NODE_TYPES.NewExpression ? callee === 'URL' || callee === 'Request' : callee !== undefined && REQUEST_CALLEE.test(callee);
      if (urlCall) for (const arg of node.arguments) if (arg.type !== TSESTree.AST_NODE_TYPES.SpreadElement) addUrlPosition(arg, collected);
      return;
    }
    case TSESTree.AST_NODE_TYPES.Property: {
      const name = propertyKeyName(node);
      if (name !== undefined && URL_NAME.test(name) && node.parent.type === TSESTree.AST_NODE_TYPES.ObjectExpression) addUrlPosition(node.value, collected);
      return;
    }
    case TSESTree.AST_NODE_TYPES.VariableDeclarator:
      if (node.id.type === TSESTree.AST_NODE_TYPES.Identifier && URL_NAME.test(node.id.name) && node.init) addUrlPosition(node.init, collected);
      if (node.id.type === TSESTree.AST_NODE_TYPES.Identifier) collectTyped(node.id, collected);
      return;
    case TSESTree.AST_NODE_TYPES.AssignmentPattern:
      if (node.left.type === TSESTree.AST_NODE_TYPES.Identifier && URL_NAME.test(node.left.name)) addUrlPosition(node.right, collected);
      return;
    case TSESTree.AST_NODE_TYPES.AssignmentExpression: {
      const name = node.left.type === TSESTree.AST_NODE_TYPES.MemberExpression ? memberKey(node.left) : node.left.type === TSESTree.AST_NODE_TYPES.Identifier ? node.left.name : undefined;
      if (name !== undefined && URL_NAME.test(name)) addUrlPosition(node.right, collected);
      return;
    }
    case TSESTree.AST_NODE_TYPES.Identifier:
      if (node.parent?.type !== TSESTree.AST_NODE_TYPES.VariableDeclarator) collectTyped(node, collected);
      return;
    case TSESTree.AST_NODE_TYPES.MemberExpression:
      if (node.object.type === TSESTree.AST_NODE_TYPES.ThisExpression) {
        const name = memberKey(node);
        if (name !== undefined) collected.thisMembers.set(name, [...(collected.thisMembers.get(name) ?? []), node]);
      }
      return;
    default:
      return;
  }
}

/** A value in a URL position, and each value a conditional or a default there may take. */
function addUrlPosition(node: TSESTree.Node, collected: CollectedNodes): void {
  if (node.type === TSESTree.AST_NODE_TYPES.ConditionalExpression) {
    addUrlPosition(node.consequent, collected);
    addUrlPosition(node.alternate, collected);
  } else if (node.type === TSESTree.AST_NODE_TYPES.LogicalExpression) {
    addUrlPosition(node.left, collected);
    addUrlPosition(node.right, collected);
  } else {
    collected.urlPositions.push(node);
  }
}

/** Parameters and variables annotated with a named type (`glean: Glean`), by the type's local name. */
function collectTyped(node: TSESTree.Identifier, collected: CollectedNodes): void {
  const annotation = node.typeAnnotation?.typeAnnotation;
  if (annotation) collected.annotated.push(node);
  if (annotation?.type === TSESTree.AST_NODE_TYPES.TSTypeReference && annotation.typeName.type === TSESTree.AST_NODE_TYPES.Identifier) {
    const name = annotation.typeName.name;
    collected.typed.set(name, [...(collected.typed.get(name) ?? []), node]);
  }
}

/** The outermost string expression, and not a module specifier or an object key. */
function isStringRoot(node: TSESTree.Node): boolean {
  if (stringRootOf(node) !== node) return false;
  const parent = node.parent;
  if (!parent) return false;
  if ((parent.type === TSESTree.AST_NODE_TYPES.ImportDeclaration || parent.type === TSESTree.AST_NODE_TYPES.ExportAllDeclaration || parent.type === TSESTree.AST_NODE_TYPES.ExportNamedDeclaration || parent.type === TSESTree.AST_NODE_TYPES.ImportExpression) && parent.source === node) return false;
  if ((parent.type === TSESTree.AST_NODE_TYPES.Property || parent.type === TSESTree.AST_NODE_TYPES.PropertyDefinition) && parent.key === node && !parent.computed) return false;
  return true;
}
