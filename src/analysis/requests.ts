import { ASTUtils, TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import { HOLE, type Catalog, type KnownEndpoint, type SdkCallTarget } from '../flow/catalog.js';
import type { ValueFlow } from './flow.js';
import { isSdkClientExport } from './sdk-modules.js';
import type { WrapperSetting } from './settings.js';
import { siblingHttpClient, siblingStringValue, type SiblingPiece } from './sibling-modules.js';
import { flatten, type ImportResolver, isMethodCall, joinUrl, propertyKeyName, StringEvaluator, type StringPattern, unwrap } from './strings.js';

const { ReferenceTracker } = ASTUtils;
const { CALL, CONSTRUCT, ESM } = ReferenceTracker;
// eslint-utils' TraceMap type cannot describe our info objects next to its symbol keys.
type AnyTraceMap = Parameters<InstanceType<typeof ASTUtils.ReferenceTracker>['iterateEsmReferences']>[0];

export type ClientKind = 'fetch' | 'axios' | 'got' | 'ky' | 'ofetch' | 'undici' | 'sdk' | 'wrapper' | 'http-method';

/** One request to the service found in a file: what the request-field and response-field detectors start from. */
export interface RequestSite {
  client: ClientKind;
  call: TSESTree.CallExpression;
  /** The expression holding the URL or path as written at this call (absent for SDK calls). */
  urlNode?: TSESTree.Node;
  /** The full URL as far as it is known: base URL or prefix joined with the path. */
  url?: StringPattern;
  /** Whether a base URL, prefix or config outside the path argument contributed to `url`. */
  hasBase: boolean;
  /**
   * The URL with values imported from sibling modules filled in (`PATHS.USER_COUNT` from
   * `'../paths.js'`), set when `url` alone does not identify the endpoint and this does. It is what
   * identified `endpoint`; endpoint findings never read it (a path is reported in the module that
   * writes it, not again at each use). Its pieces' origin is the importing expression in this file.
   */
  importedUrl?: StringPattern;
  endpoint?: KnownEndpoint;
  method?: string;
  /** The request body object expression, with `JSON.stringify(…)` unwrapped. */
  body?: TSESTree.Node;
  /** For SDK calls: the method path (`indexing.documents.count`) or standalone function name, and the node naming it. */
  sdk?: { name: string; callee: TSESTree.Node };
}

const BODYLESS_METHODS = new Set(['get', 'delete', 'head', 'options']);
const BODY_METHODS = new Set(['post', 'put', 'patch']);
const HTTP_METHODS = [...BODYLESS_METHODS, ...BODY_METHODS];

type Library = 'axios' | 'got' | 'ky' | 'ofetch' | 'fetch' | 'undici';
interface TraceInfo {
  library: Library;
  /** "call" for the library itself, "create" for an instance factory, otherwise the HTTP method called. */
  op: string;
}

/** A client object: the library and the base URL its instance carries. */
interface ClientInstance {
  library: Library;
  base?: StringPattern;
}

function libraryTraceMap(library: Library, options: { factories?: string[]; esmExport?: string; methods?: boolean }): Record<PropertyKey, unknown> {
  const spec: Record<PropertyKey, unknown> = { [CALL]: { library, op: 'call' } satisfies TraceInfo };
  if (options.methods) for (const method of [...HTTP_METHODS, 'request']) spec[method] = { [CALL]: { library, op: method } satisfies TraceInfo };
  for (const factory of options.factories ?? []) spec[factory] = { [CALL]: { library, op: 'create' } satisfies TraceInfo };
  if (options.esmExport) return { [ESM]: true, [options.esmExport]: spec };
  return { ...spec, default: spec };
}

const HTTP_TRACE_MAP = {
  axios: libraryTraceMap('axios', { factories: ['create'], methods: true }),
  got: libraryTraceMap('got', { factories: ['extend'], methods: true }),
  ky: libraryTraceMap('ky', { factories: ['create', 'extend'], methods: true }),
  'node-fetch': libraryTraceMap('fetch', {}),
  'cross-fetch': libraryTraceMap('fetch', {}),
  'isomorphic-fetch': libraryTraceMap('fetch', {}),
  undici: { [ESM]: true, fetch: { [CALL]: { library: 'fetch', op: 'call' } }, request: { [CALL]: { library: 'undici', op: 'call' } } },
  ofetch: {
    [ESM]: true,
    ofetch: { [CALL]: { library: 'ofetch', op: 'call' }, create: { [CALL]: { library: 'ofetch', op: 'create' } } },
    $fetch: { [CALL]: { library: 'ofetch', op: 'call' }, create: { [CALL]: { library: 'ofetch', op: 'create' } } },
  },
};

const GLOBAL_TRACE_MAP = { fetch: { [CALL]: { library: 'fetch', op: 'call' } } };

interface SdkTraceInfo {
  sdk: 'client' | 'function' | 'hook';
  name: string;
}

const sdkTraceMaps = new WeakMap<Catalog, Record<string, unknown>>();

/** Import specifiers that reach the SDK: the client class, each standalone function and its react-query hooks, with or without `.js`. */
function sdkTraceMap(catalog: Catalog): Record<string, unknown> {
  let map = sdkTraceMaps.get(catalog);
  if (map) return map;
  const { sdk } = catalog.schedule;
  map = {};
  const module = (specifier: string, exports: Record<string, unknown>) => {
    for (const key of [specifier, `${specifier}.js`, `${specifier}/index.js`]) map![key] = { [ESM]: true, ...(map![key] as object), ...exports };
  };
  if (sdk.className) module(sdk.package, { [sdk.className]: { [CONSTRUCT]: { sdk: 'client', name: sdk.className } } });
  for (const name of catalog.sdkFunctions.keys()) {
    const fn = { [name]: { [CALL]: { sdk: 'function', name } } };
    if (sdk.functionsModule) {
      module(sdk.functionsModule.replace('{name}', name), fn);
      module(sdk.functionsModule.replace('/{name}', ''), fn);
    }
    if (sdk.reactQueryModule) {
      const capitalised = name[0]!.toUpperCase() + name.slice(1);
      const hooks = Object.fromEntries(
        ['', 'Mutation', 'Query', 'Suspense', 'Infinite'].map((suffix) => [`use${capitalised}${suffix}`, { [CALL]: { sdk: 'hook', name } }]),
      );
      module(sdk.reactQueryModule.replace('{name}', name), hooks);
      module(sdk.reactQueryModule.replace('/{name}', ''), hooks);
    }
  }
  sdkTraceMaps.set(catalog, map);
  return map;
}

export interface RequestContext {
  sourceCode: Readonly<TSESLint.SourceCode>;
  filename: string;
  catalog: Catalog;
  strings: StringEvaluator;
  flow: ValueFlow;
  wrappers: WrapperSetting[];
  calls: TSESTree.CallExpression[];
  typed: Map<string, TSESTree.Identifier[]>;
}

/** A site as the builders make it: with the base URL its `url` was joined to, for the imported-value retry. */
type DraftSite = RequestSite & { base?: StringPattern };

/** Every request to a service endpoint this file makes that the analysis can see. */
export function findRequestSites(context: RequestContext): RequestSite[] {
  const sites = new Map<TSESTree.CallExpression, RequestSite>();
  const imports = new ImportedValues(context);
  const add = (draft: DraftSite | undefined) => {
    if (!draft || sites.has(draft.call)) return;
    const { base, ...site } = draft;
    site.endpoint ??= identifyEndpoint(context.catalog, site.url, site.method);
    // The path may come from a sibling module (`url: PATHS.USER_COUNT`): look there before giving up.
    if (!site.endpoint && site.urlNode) {
      const importedUrl = imports.url(site.urlNode, base);
      const endpoint = identifyEndpoint(context.catalog, importedUrl, site.method);
      if (endpoint) Object.assign(site, { importedUrl, endpoint });
    }
    sites.set(site.call, site);
  };
  const tracker = new ReferenceTracker(withImplicitGlobals(context.sourceCode.getScope(context.sourceCode.ast)));

  for (const { node, info } of tracker.iterateGlobalReferences(GLOBAL_TRACE_MAP as unknown as AnyTraceMap)) add(httpCall(context, node, info as TraceInfo, { library: 'fetch' }));
  for (const iterate of [tracker.iterateEsmReferences.bind(tracker), tracker.iterateCjsReferences.bind(tracker)]) {
    for (const { node, info } of iterate(HTTP_TRACE_MAP as unknown as AnyTraceMap)) {
      const trace = info as TraceInfo;
      if (node.type !== TSESTree.AST_NODE_TYPES.CallExpression) continue;
      if (trace.op === 'create') {
        instanceCalls(context, node, { library: trace.library, base: baseOf(context, trace.library, node.arguments[0]) }).forEach(add);
      } else {
        add(httpCall(context, node, trace, { library: trace.library }));
      }
    }
    for (const { node, info } of iterate(sdkTraceMap(context.catalog) as unknown as AnyTraceMap)) sdkSites(context, node, info as SdkTraceInfo).forEach(add);
  }
  for (const local of [...importedSdkClients(context), ...sdkTypedBindings(context)]) {
    for (const use of context.flow.readsOf(local)) sdkSites(context, use, { sdk: 'client', name: local.name }).forEach(add);
  }
  for (const { local, instance } of importedHttpClients(context)) {
    for (const use of context.flow.readsOf(local)) instanceCalls(context, use, instance).forEach(add);
  }
  for (const call of context.calls) {
    if (sites.has(call)) continue;
    add(wrapperCall(context, call) ?? genericHttpMethodCall(context, call, imports));
  }
  return [...sites.values()];
}

/** Requests made through a client instance: `api(config)`, `api.request(config)`, `api.post(url, data)`. */
function instanceCalls(context: RequestContext, root: TSESTree.Node, instance: ClientInstance): DraftSite[] {
  const drafts: DraftSite[] = [];
  for (const chain of context.flow.callsThrough(root)) {
    const op = chain.path.length === 0 ? 'call' : chain.path.length === 1 ? chain.path[0]! : undefined;
    const draft = op && (op === 'call' || op === 'request' || HTTP_METHODS.includes(op)) ? httpCall(context, chain.call, { library: instance.library, op }, instance) : undefined;
    if (draft) drafts.push(draft);
  }
  return drafts;
}

/** One binding imported from a relative module, by the name the module exports it under. */
interface RelativeImport {
  local: TSESTree.Identifier;
  source: string;
  /** The exported name, `default`, or `*` for a namespace import. */
  exported: string;
}

/** The value bindings this file imports from relative modules (`import { x } from './x.js'`). */
function relativeImports(sourceCode: Readonly<TSESLint.SourceCode>): RelativeImport[] {
  const imports: RelativeImport[] = [];
  for (const statement of sourceCode.ast.body) {
    if (statement.type !== TSESTree.AST_NODE_TYPES.ImportDeclaration || statement.importKind === 'type' || !statement.source.value.startsWith('.')) continue;
    for (const specifier of statement.specifiers) {
      const exported = importedName(specifier);
      if (exported !== undefined) imports.push({ local: specifier.local, source: statement.source.value, exported });
    }
  }
  return imports;
}

function importedName(specifier: TSESTree.ImportClause): string | undefined {
  if (specifier.type === TSESTree.AST_NODE_TYPES.ImportDefaultSpecifier) return 'default';
  if (specifier.type === TSESTree.AST_NODE_TYPES.ImportNamespaceSpecifier) return '*';
  if (specifier.importKind === 'type') return undefined;
  return specifier.imported.type === TSESTree.AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value;
}

/**
 * Client instances imported from a sibling module that makes them with the library's factory
 * (`export const clientApi = axios.create({ baseURL: env.URL + '/rest/api/v1' })`), with the base
 * URL read there. The base's pieces take the import specifier as their origin (a node of this
 * file): as with a base URL written in this file, an endpoint the base completes is reported at
 * the path argument.
 */
function importedHttpClients(context: RequestContext): { local: TSESTree.Identifier; instance: ClientInstance }[] {
  return relativeImports(context.sourceCode).flatMap(({ local, source, exported }) => {
    if (exported === '*') return [];
    const client = siblingHttpClient(context.filename, source, exported);
    return client ? [{ local, instance: { library: client.library, base: client.base && toPattern(client.base, local) } }] : [];
  });
}

function toPattern(pieces: SiblingPiece[], origin: TSESTree.Node): StringPattern {
  return pieces.map((piece) => ('hole' in piece ? { hole: true } : { text: piece.text, origin }));
}

/**
 * Values imported from sibling modules, for identifying a request's endpoint when the file alone
 * does not (`fetch(\`${BASE_URL}${PATHS.GET_COLLECTION}\`)`, `{ url: PATHS.USER_COUNT }`). The
 * evaluator is made on first need, so a file whose sites all identify pays nothing.
 */
class ImportedValues {
  private strings: StringEvaluator | undefined;
  private readonly hasRelativeImports: boolean;

  constructor(private readonly context: RequestContext) {
    this.hasRelativeImports = context.sourceCode.ast.body.some(
      (statement) => statement.type === TSESTree.AST_NODE_TYPES.ImportDeclaration && statement.importKind !== 'type' && statement.source.value.startsWith('.'),
    );
  }

  /** The URL at `urlNode` joined to `base`, with imported values filled in; undefined when nothing imported is involved. */
  url(urlNode: TSESTree.Node, base: StringPattern | undefined): StringPattern | undefined {
    if (!this.hasRelativeImports) return undefined;
    this.strings ??= new StringEvaluator(this.context.sourceCode, this.resolver);
    const relative = this.strings.evaluate(urlNode);
    return relative && base ? joinUrl(base, relative) : relative;
  }

  private readonly resolver: ImportResolver = (root, path, call, node) => {
    const binding = relativeImportOf(this.context.sourceCode, root);
    if (!binding) return undefined;
    const [exported, keys] = binding.exported === '*' ? [path[0], path.slice(1)] : [binding.exported, path];
    if (exported === undefined) return undefined;
    const pieces = siblingStringValue(this.context.filename, binding.source, exported, keys, call);
    return pieces && toPattern(pieces, node);
  };
}

/** The relative import that declares the binding `id` reads, if it is one. */
function relativeImportOf(sourceCode: Readonly<TSESLint.SourceCode>, id: TSESTree.Identifier): Omit<RelativeImport, 'local'> | undefined {
  const variable = ASTUtils.findVariable(sourceCode.getScope(id), id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type !== 'ImportBinding') return undefined;
  const declaration = def.parent;
  if (declaration.type !== TSESTree.AST_NODE_TYPES.ImportDeclaration || declaration.importKind === 'type' || !declaration.source.value.startsWith('.')) return undefined;
  const exported = def.node.type === TSESTree.AST_NODE_TYPES.TSImportEqualsDeclaration ? undefined : importedName(def.node);
  return exported === undefined ? undefined : { source: declaration.source.value, exported };
}

/** Globals a file uses without any configuration declaring them: `fetch` without browser globals, `require` in a `.js` module. */
const IMPLICIT_GLOBALS = ['fetch', 'require', 'globalThis', 'window', 'self', 'global'];

/**
 * ReferenceTracker follows only declared globals. ESLint's default flat config declares neither
 * `fetch` nor `require`, so their uses are unresolved references; give the tracker a view of the
 * global scope in which they are variables with exactly those references.
 */
function withImplicitGlobals(globalScope: TSESLint.Scope.Scope): TSESLint.Scope.Scope {
  const set = new Map(globalScope.set);
  for (const name of IMPLICIT_GLOBALS) {
    if (set.has(name)) continue;
    const references = globalScope.through.filter((reference) => reference.identifier.name === name);
    if (references.length > 0) set.set(name, { name, defs: [], references, identifiers: [], scope: globalScope } as never);
  }
  return Object.assign(Object.create(globalScope) as TSESLint.Scope.Scope, { set });
}

/** Parameters and variables annotated with the SDK's client class (`glean: Glean`), imported from the SDK package. */
function sdkTypedBindings(context: RequestContext): TSESTree.Identifier[] {
  const { sdk } = context.catalog.schedule;
  if (!sdk.className) return [];
  const bindings: TSESTree.Identifier[] = [];
  for (const statement of context.sourceCode.ast.body) {
    if (statement.type !== TSESTree.AST_NODE_TYPES.ImportDeclaration || statement.source.value !== sdk.package) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== TSESTree.AST_NODE_TYPES.ImportSpecifier) continue;
      const imported = specifier.imported.type === TSESTree.AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value;
      if (imported === sdk.className) bindings.push(...(context.typed.get(specifier.local.name) ?? []));
    }
  }
  return bindings;
}

/** Local bindings imported from a sibling module that exports an SDK client (`export const glean = new Glean()`). */
function importedSdkClients(context: RequestContext): TSESTree.Identifier[] {
  return relativeImports(context.sourceCode)
    .filter(({ source, exported }) => exported !== '*' && isSdkClientExport(context.filename, source, exported, context.catalog.schedule.sdk))
    .map(({ local }) => local);
}

function sdkSites(context: RequestContext, node: TSESTree.Node, info: SdkTraceInfo): RequestSite[] {
  if (info.sdk === 'client') {
    return context.flow.callsThrough(node).flatMap((chain) => {
      const name = chain.path.join('.');
      const target = context.catalog.sdkMethods.get(name);
      if (!target) return [];
      return [{ client: 'sdk', call: chain.call, hasBase: false, endpoint: target.endpoint, method: target.endpoint.method, body: sdkBody(chain.call, target), sdk: { name, callee: chain.callee } } satisfies RequestSite];
    });
  }
  if (node.type !== TSESTree.AST_NODE_TYPES.CallExpression) return [];
  const target = context.catalog.sdkFunctions.get(info.name);
  if (!target) return [];
  // Standalone functions take the client first (the data counts it); hooks get their variables later.
  const body = info.sdk === 'function' ? sdkBody(node, target) : undefined;
  return [{ client: 'sdk', call: node, hasBase: false, endpoint: target.endpoint, method: target.endpoint.method, body, sdk: { name: info.name, callee: node.callee } }];
}

/** The request body of an SDK call, as the SDK's data places it (wrapper request objects carry it in a key). */
function sdkBody(call: TSESTree.CallExpression, target: SdkCallTarget): TSESTree.Node | undefined {
  const argument = target.body && call.arguments[target.body.argument];
  if (!argument || argument.type === TSESTree.AST_NODE_TYPES.SpreadElement) return undefined;
  if (!target.body!.key) return argument;
  return argument.type === TSESTree.AST_NODE_TYPES.ObjectExpression ? propertyValue(argument, target.body!.key) : undefined;
}

function httpCall(context: RequestContext, node: TSESTree.Node, trace: TraceInfo, instance: ClientInstance): DraftSite | undefined {
  if (node.type !== TSESTree.AST_NODE_TYPES.CallExpression) return undefined;
  const args = node.arguments.map((arg) => (arg.type === TSESTree.AST_NODE_TYPES.SpreadElement ? undefined : arg));
  const objectAt = (i: number) => (args[i] ? context.strings.objectLiteral(args[i]!) : undefined);
  let urlNode: TSESTree.Node | undefined;
  let config: TSESTree.ObjectExpression | undefined;
  let body: TSESTree.Node | undefined;
  let method: string | undefined;
  const op = trace.op;
  if (op === 'call' || op === 'request') {
    const first = args[0] ? context.strings.evaluate(args[0]) : undefined;
    if (first || (args[0] && !objectAt(0))) {
      urlNode = args[0];
      config = objectAt(1);
    } else {
      config = objectAt(0);
      urlNode = config && propertyValue(config, 'url');
    }
  } else {
    urlNode = args[0];
    method = op.toUpperCase();
    if (BODY_METHODS.has(op) && (trace.library === 'axios' || instance.library === 'axios')) {
      body = args[1];
      config = objectAt(2);
    } else {
      config = objectAt(1);
    }
  }
  if (!urlNode && !config) return undefined;
  const configMethod = config && propertyValue(config, 'method');
  const methodText = configMethod && flatten(context.strings.evaluate(configMethod) ?? []).text;
  if (methodText && !methodText.includes(HOLE)) method = methodText.toUpperCase();
  body ??= config && bodyOf(trace.library, config);
  const base = (config && baseOf(context, trace.library, config)) ?? instance.base;
  const relative = urlNode ? context.strings.evaluate(urlNode) : undefined;
  const url = relative && base ? joinUrl(base, relative) : relative;
  return {
    client: trace.library,
    call: node,
    urlNode,
    url,
    base,
    hasBase: Boolean(base && relative),
    method: method ?? (trace.library === 'fetch' || trace.library === 'ofetch' ? (body ? undefined : 'GET') : undefined),
    body: body && unwrapStringify(body),
  };
}

function bodyOf(library: Library, config: TSESTree.ObjectExpression): TSESTree.Node | undefined {
  const keys = library === 'axios' ? ['data'] : library === 'got' || library === 'ky' ? ['json', 'body'] : ['body'];
  for (const key of keys) {
    const value = propertyValue(config, key);
    if (value) return value;
  }
  return undefined;
}

/** `baseURL` (axios, ofetch) or `prefixUrl` (got, ky) of a config object or a factory's argument. */
function baseOf(context: RequestContext, library: Library, configNode: TSESTree.Node | undefined): StringPattern | undefined {
  if (!configNode || configNode.type === TSESTree.AST_NODE_TYPES.SpreadElement) return undefined;
  const config = context.strings.objectLiteral(configNode);
  if (!config) return undefined;
  const value = propertyValue(config, library === 'got' || library === 'ky' ? 'prefixUrl' : 'baseURL');
  return value ? context.strings.evaluate(value) : undefined;
}

function wrapperCall(context: RequestContext, call: TSESTree.CallExpression): DraftSite | undefined {
  const text = calleeText(call.callee);
  if (!text) return undefined;
  const wrapper = context.wrappers.find((candidate) => text === candidate.callee || text.endsWith(`.${candidate.callee}`));
  if (!wrapper) return undefined;
  const urlNode = argument(call, wrapper.path ?? 0);
  const relative = urlNode ? context.strings.evaluate(urlNode) : undefined;
  const prefix: StringPattern | undefined = wrapper.prefix ? [{ hole: true }, { text: wrapper.prefix, origin: call.callee }] : undefined;
  const body = wrapper.body === undefined ? undefined : argument(call, wrapper.body);
  return {
    client: 'wrapper',
    call,
    urlNode,
    url: relative && prefix ? joinUrl(prefix, relative) : relative,
    base: prefix,
    hasBase: Boolean(prefix && relative),
    method: wrapper.method?.toUpperCase(),
    body: body && unwrapStringify(body),
  };
}

/**
 * `http.post(url, body)` on a client we do not know (Angular's HttpClient, a home-made one) with a
 * full service path, written here or imported from a sibling module (`http.post(PATHS.SEARCH, …)`).
 */
function genericHttpMethodCall(context: RequestContext, call: TSESTree.CallExpression, imports: ImportedValues): RequestSite | undefined {
  if (call.callee.type !== TSESTree.AST_NODE_TYPES.MemberExpression) return undefined;
  const method = HTTP_METHODS.find((name) => isMethodCall(call, name));
  const urlNode = argument(call, 0);
  if (!method || !urlNode) return undefined;
  const url = context.strings.evaluate(urlNode);
  let endpoint = identifyEndpoint(context.catalog, url, method.toUpperCase());
  let importedUrl: StringPattern | undefined;
  if (!endpoint) {
    importedUrl = imports.url(urlNode, undefined);
    endpoint = identifyEndpoint(context.catalog, importedUrl, method.toUpperCase());
  }
  if (!endpoint) return undefined;
  const body = BODY_METHODS.has(method) ? argument(call, 1) : undefined;
  return { client: 'http-method', call, urlNode, url, ...(importedUrl ? { importedUrl } : {}), hasBase: false, endpoint, method: method.toUpperCase(), body: body && unwrapStringify(body) };
}

/** The most specific known endpoint whose path the URL ends with; the HTTP method breaks ties between same paths. */
export function identifyEndpoint(catalog: Catalog, url: StringPattern | undefined, method: string | undefined): KnownEndpoint | undefined {
  if (!url) return undefined;
  const { text } = flatten(url);
  const candidates = catalog.endpoints.filter((endpoint) => {
    endpoint.pattern.lastIndex = 0;
    return endpoint.pattern.test(text);
  });
  if (candidates.length === 0) return undefined;
  const best = candidates[0]!.specificity;
  const top = candidates.filter((endpoint) => endpoint.specificity === best);
  return top.find((endpoint) => endpoint.method === method) ?? top[0];
}

function argument(call: TSESTree.CallExpression, index: number): TSESTree.Expression | undefined {
  const arg = call.arguments[index];
  return arg && arg.type !== TSESTree.AST_NODE_TYPES.SpreadElement ? arg : undefined;
}

export function propertyValue(object: TSESTree.ObjectExpression, key: string): TSESTree.Node | undefined {
  for (const property of object.properties) {
    if (property.type === TSESTree.AST_NODE_TYPES.Property && propertyKeyName(property) === key) return property.value;
  }
  return undefined;
}

/** `JSON.stringify(x)` sends x. */
export function unwrapStringify(node: TSESTree.Node): TSESTree.Node {
  const target = unwrap(node);
  if (
    target.type === TSESTree.AST_NODE_TYPES.CallExpression &&
    target.callee.type === TSESTree.AST_NODE_TYPES.MemberExpression &&
    target.callee.object.type === TSESTree.AST_NODE_TYPES.Identifier &&
    target.callee.object.name === 'JSON' &&
    isMethodCall(target, 'stringify') &&
    target.arguments[0]
  ) {
    return target.arguments[0];
  }
  return target;
}

/** `this.api.post` → "this.api.post"; undefined for computed callees. */
export function calleeText(node: TSESTree.Node): string | undefined {
  const target = unwrap(node);
  if (target.type === TSESTree.AST_NODE_TYPES.Identifier) return target.name;
  if (target.type === TSESTree.AST_NODE_TYPES.ThisExpression) return 'this';
  if (target.type === TSESTree.AST_NODE_TYPES.MemberExpression && !target.computed && target.property.type === TSESTree.AST_NODE_TYPES.Identifier) {
    const object = calleeText(target.object);
    return object && `${object}.${target.property.name}`;
  }
  return undefined;
}
