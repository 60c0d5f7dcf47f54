import type { TSESLint, TSESTree } from '../ts-eslint-lite.js';
import { T, walkTree } from '../project/ast.js';
import { ParsedModule } from '../project/module.js';
import type { DetachedFieldUse, DetachedFinding, DetachedSite, NodeRef } from '../flow/detached.js';
import { catalogFor } from '../flow/catalog.js';
import type { RequestSite as FlowSite } from '../flow/requests.js';
import type { StringPattern } from '../flow/strings.js';
import { projectAnalysisFor, type LintedFile } from '../flow/sessions.js';
import { eslintParsesAlike, type EslintLanguageOptions } from '../parsers.js';
import type { Settings } from '../settings.js';
import { fieldFinding, type FieldUse, type MigrationContext } from './field-migrations.js';
import type { FieldFinding, Finding } from './findings.js';
import { objectLiteralOf } from '../project/same-file.js';
import { schemaIndexFor } from './schemas.js';
import { findTypedCalls } from './typed-calls.js';
import { findTypedFields, typeInfoFor, type TypeInfo } from './typed-fields.js';
import { SdkTypes } from './sdk-types.js';
import { installedSdk } from '../sdk/installed.js';
import { modelsModuleOf } from '../sdk/replacements.js';
import { componentText, isComponentFile, isComponentSource, originalOffsets } from '../project/components.js';

/** A request the engine saw in this file, its nodes in ESLint's tree (the pieces of its URL keep only where they were written). */
export type RequestSite = Omit<FlowSite, 'url'> & { url?: StringPattern<NodeRef> };

/** What the rules report in one file: the findings with their fixes, and the file's requests to the service. */
export interface FileReport {
  findings: Finding[];
  sites: RequestSite[];
}

const cache = new WeakMap<TSESTree.Program, { settings: Settings; report: FileReport }>();

/**
 * The findings of one file, read from the analysis of its whole project (values reach a file from
 * others), put on ESLint's nodes of the file and given the fixes this file allows; with type
 * information, what the types show is added (never removed). Computed once per file and settings,
 * whichever rule asks first.
 */
export function fileReport(sourceCode: Readonly<TSESLint.SourceCode>, filename: string, settings: Settings, cwd: string, languageOptions?: EslintLanguageOptions): FileReport {
  const cached = cache.get(sourceCode.ast);
  if (cached?.settings === settings) return cached.report;
  const report = buildReport(sourceCode, filename, settings, cwd, languageOptions);
  cache.set(sourceCode.ast, { settings, report });
  return report;
}

/**
 * The file as the engine takes it from ESLint: its text, and ESLint's tree of it (so it is not
 * parsed twice), with whether that tree is the analysis's own when ESLint's language options are known.
 */
export function lintedFile(sourceCode: Readonly<TSESLint.SourceCode>, filename: string, languageOptions?: EslintLanguageOptions): LintedFile {
  // A component's module is its scripts and its markup as code (project/components.ts), which no
  // parser of components gives: the index makes it from the component's text.
  if (isComponentFile(filename)) return { file: filename, text: componentText(filename, sourceCode.text) };
  return {
    file: filename,
    text: sourceCode.text,
    module: () => moduleOf(sourceCode, filename),
    ...(languageOptions ? { parsedAlike: () => eslintParsesAlike(languageOptions, filename) } : {}),
  };
}

function buildReport(sourceCode: Readonly<TSESLint.SourceCode>, filename: string, settings: Settings, cwd: string, languageOptions: EslintLanguageOptions | undefined): FileReport {
  const analysis = projectAnalysisFor(lintedFile(sourceCode, filename, languageOptions), settings, cwd);
  const flowFindings = analysis.findings.get(filename) ?? [];
  const typeInfo = typeInfoFor(sourceCode, settings.schedule.sdk.package);
  const flowSites = analysis.sites.get(filename) ?? [];
  if (flowFindings.length === 0 && flowSites.length === 0 && !typeInfo) return EMPTY_REPORT;
  const locate = nodeLocator(sourceCode, filename);
  const context = migrationContext(sourceCode, filename, settings, typeInfo);
  const findings: Finding[] = [];
  for (const finding of flowFindings) {
    const judged = judge(finding, locate, context);
    if (judged) findings.push(judged);
  }
  const sites = flowSites.flatMap((site) => locateSite(site, locate) ?? []);
  // Type-aware mode: what TypeScript's types show is added; where both see a node, the engine's finding (which may know the endpoint) stays.
  if (typeInfo) {
    const known = new Set(findings.map(findingKey));
    const typed = [...findTypedCalls(sourceCode, typeInfo, catalogFor(settings.schedule), findings), ...findTypedFields({ ...context, typeInfo, schemas: schemaIndexFor(settings.schedule) })];
    for (const finding of typed) {
      const key = findingKey(finding);
      if (known.has(key)) continue;
      known.add(key);
      findings.push(finding);
    }
  }
  return { findings: findings.sort((a, b) => a.node.range[0] - b.node.range[0]), sites };
}

const EMPTY_REPORT: FileReport = Object.freeze({ findings: [], sites: [] }) as unknown as FileReport;

/** What a fix needs to know of the file: its tree, its types, the SDK its project has installed. */
function migrationContext(sourceCode: Readonly<TSESLint.SourceCode>, filename: string, settings: Settings, typeInfo: TypeInfo | undefined): MigrationContext {
  const { sdk } = settings.schedule;
  return {
    sourceCode,
    filename,
    sdkTypes: new SdkTypes(sourceCode, sdk, schemaIndexFor(settings.schedule)),
    ...(typeInfo ? { typeInfo } : {}),
    objectLiteral: (node) => objectLiteralOf(sourceCode, node),
    installedSdk: once(() => installedSdk(filename, sdk.package, modelsModuleOf(sdk))),
  };
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

function findingKey(finding: Finding): string {
  return `${finding.node.range[0]}:${finding.node.range[1]}:${finding.item.id}`;
}

/** ESLint's tree of the file as a module the engine can run, so the linted file is not parsed twice. */
function moduleOf(sourceCode: Readonly<TSESLint.SourceCode>, filename: string): ParsedModule {
  return new ParsedModule(filename, sourceCode.text, sourceCode.ast, sourceCode.scopeManager as unknown as ConstructorParameters<typeof ParsedModule>[3], sourceCode.visitorKeys);
}

type NodeOfType<Type extends TSESTree.Node['type']> = Extract<TSESTree.Node, { type: Type }>;
type Locate = <Type extends TSESTree.Node['type']>(ref: NodeRef<Type>) => NodeOfType<Type> | undefined;

/**
 * The analysis hands on where its nodes were (it may have met the file through its own parse,
 * from disk, and keeps no tree): they are found again in ESLint's tree by their type and range.
 */
function nodeLocator(sourceCode: Readonly<TSESLint.SourceCode>, filename: string): Locate {
  let index: Map<string, TSESTree.Node> | undefined;
  // ESLint's tree of a component is the component's own (vue-eslint-parser's, svelte-eslint-parser's), unless
  // it is the module `check` lints: a node of the markup's code is where its expression is written.
  const own = isComponentFile(filename) && !isComponentSource(sourceCode.text) ? originalOffsets(filename, sourceCode.text) : (offset: number) => offset;
  return <Type extends TSESTree.Node['type']>(ref: NodeRef<Type>): NodeOfType<Type> | undefined => {
    if (!index) {
      const built = new Map<string, TSESTree.Node>();
      const add = (candidate: TSESTree.Node) => {
        const key = `${candidate.type}:${candidate.range[0]}:${candidate.range[1]}`;
        if (!built.has(key)) built.set(key, candidate);
      };
      walkTree(sourceCode.ast, sourceCode.visitorKeys, add);
      // vue-eslint-parser keeps the template beside the scripts' statements, and gives no visitor keys for its nodes.
      const template = (sourceCode.ast as { templateBody?: TSESTree.Node }).templateBody;
      if (template) eachChildNode(template, add);
      index = built;
    }
    // Found by its type, so it is a node of that type.
    return index.get(`${ref.type}:${own(ref.range[0])}:${own(ref.range[1])}`) as NodeOfType<Type> | undefined;
  };
}

const NOT_CHILDREN = new Set(['parent', 'loc', 'range', 'tokens', 'comments', 'errors', 'references', 'variables']);

/** Every node below `root`, found by its properties (for trees whose node types have no visitor keys). */
function eachChildNode(root: TSESTree.Node, visit: (node: TSESTree.Node) => void): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    if (!value || typeof value !== 'object' || typeof (value as { type?: unknown }).type !== 'string') continue;
    visit(value as TSESTree.Node);
    for (const [key, child] of Object.entries(value)) if (!NOT_CHILDREN.has(key) && child && typeof child === 'object') stack.push(child);
  }
}

/** A finding of the engine as the rules report it: on ESLint's node, with the rewrites its use allows. */
function judge(finding: DetachedFinding, locate: Locate, context: MigrationContext): Finding | undefined {
  const node = locate(finding.node);
  if (!node) return undefined;
  switch (finding.kind) {
    case 'endpoint':
      return { kind: 'endpoint', node, item: finding.item, ...(finding.via ? { via: finding.via } : {}) };
    case 'schema':
      return { kind: 'schema', node, item: finding.item };
    case 'field': {
      const use = fieldUse(finding.use, locate);
      if (!use) return undefined;
      const judged: FieldFinding = fieldFinding(context, { item: finding.item, owner: finding.owner, property: finding.property }, use, finding.endpoint);
      return judged;
    }
  }
}

function fieldUse(use: DetachedFieldUse, locate: Locate): FieldUse | undefined {
  switch (use.kind) {
    case 'request-key':
    case 'response-destructure':
    case 'response-pattern': {
      const property = locate(use.property);
      return property && { kind: use.kind, property };
    }
    case 'response-read': {
      const member = locate(use.member);
      return member && { kind: 'response-read', member };
    }
    case 'response-path': {
      const literal = locate(use.literal);
      return literal && { kind: 'response-path', literal };
    }
    case 'request-assign': {
      const member = locate(use.member);
      const assignment = member?.parent;
      return member && assignment?.type === T.AssignmentExpression ? { kind: 'request-assign', member, value: assignment.right } : undefined;
    }
  }
}

function locateSite(site: DetachedSite, locate: Locate): RequestSite | undefined {
  const { call: callRef, urlNode, optionsNode, bodyNode, sdk, ...rest } = site;
  const call = locate(callRef);
  if (!call) return undefined;
  const optional = <K extends 'urlNode' | 'optionsNode' | 'bodyNode'>(key: K, ref: NodeRef | undefined) => {
    const node = ref && locate(ref);
    return node ? { [key]: node } : {};
  };
  const callee = sdk && locate(sdk.callee);
  return {
    ...rest,
    call,
    ...optional('urlNode', urlNode),
    ...optional('optionsNode', optionsNode),
    ...optional('bodyNode', bodyNode),
    ...(callee && sdk ? { sdk: { name: sdk.name, callee } } : {}),
  };
}
