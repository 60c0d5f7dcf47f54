import type { TSESTree } from '../ts-eslint-lite.js';
import { lastName, T } from '../project/ast.js';
import { importSourceOf, rootIdentifier, type ParsedModule } from '../project/module.js';
import type { Catalog, KnownEndpoint } from './catalog.js';
import type { Engine } from './engine.js';
import type { WrapperSetting } from '../settings.js';
import { awaited, call, load } from './operations.js';
import { flatten, HOLE, joinUrl, type StringPattern, type TextPiece } from './strings.js';
import { EMPTY, promiseValue, responseValue, union, unionAll, type Value, type ValueSet } from './values.js';

/** One request to the service the analysis saw: what the token rules and `api-sunset scopes` read. */
export interface RequestSite {
  /** `fetch`, `axios`, `got`, …, `sdk`, `wrapper` (declared in settings), `http-method` (an unknown client's `post(url)`). */
  client: string;
  file: string;
  call: TSESTree.Node;
  /** Undefined for a request to a URL under an API prefix that names no endpoint the data knows. */
  endpoint?: KnownEndpoint;
  /** The URL the request goes to, as far as it is known (none for SDK calls). */
  url?: StringPattern;
  method?: string;
  /** The URL argument as written at the call, when there is one. */
  urlNode?: TSESTree.Node;
  /** The options object argument (fetch's init, axios' config), when there is one. */
  optionsNode?: TSESTree.Node;
  /** The body argument as written at the call. */
  bodyNode?: TSESTree.Node;
  /** For SDK calls: the method path or function name, and the node that names it. */
  sdk?: { name: string; callee: TSESTree.Node };
}

/** A request as a client's model describes it, before its endpoint is known. */
export interface RequestSpec {
  client: string;
  node: TSESTree.Node;
  module: ParsedModule;
  /** The URLs it may go to (base URLs joined already). */
  urls: readonly StringPattern[];
  method?: string;
  body: ValueSet;
  /** What the call gives back: `promise:axios`, `got`, `promise:body` (see response-states.ts). */
  result: string | undefined;
  urlNode?: TSESTree.Node;
  optionsNode?: TSESTree.Node;
  bodyNode?: TSESTree.Node;
  /** Functions that transform what the request resolves to (axios response interceptors). */
  interceptors?: ValueSet;
  /** Functions the client hands the response to, in that state (`https.request(url, options, (res) => …)`). */
  callbacks?: { functions: ValueSet; result: string; parameters?: string[] };
}

/**
 * A request the code makes: identifies the endpoint from each URL it may go to, reports a
 * deprecated endpoint where its path is written, judges the body against the endpoint's request
 * schema, and gives back the response in the state the client returns it.
 */
export function serviceRequest(engine: Engine, spec: RequestSpec): ValueSet {
  let result = EMPTY;
  const seen = new Set<KnownEndpoint>();
  for (const url of spec.urls) {
    const match = identify(engine, url, spec.method);
    if (!match) {
      if (mentionsService(engine, url)) {
        engine.markService();
        recordSite(engine, spec, undefined, url);
      }
      continue;
    }
    const { endpoint } = match;
    engine.markService();
    if (endpoint.endpointItems.length > 0) reportEndpoint(engine, endpoint, match.pieces);
    if (seen.has(endpoint)) continue;
    seen.add(endpoint);
    recordSite(engine, spec, endpoint, url);
    judgeBody(engine, spec.body, endpoint);
    result = union(result, responseOf(engine, endpoint, spec.result, spec.interceptors));
    if (spec.callbacks && spec.callbacks.functions.length > 0) {
      const states = spec.callbacks.parameters ?? [spec.callbacks.result];
      call(engine, spec.callbacks.functions, states.map((state) => (state === '' ? EMPTY : responseOf(engine, endpoint, state, undefined))), EMPTY, spec.node);
    }
  }
  return result;
}

/** The same for a request whose endpoint is known without a URL (an SDK call), reported at the node that names the call unless `report` is false. */
export function knownRequest(engine: Engine, spec: Omit<RequestSpec, 'urls'> & { sdk: { name: string; callee: TSESTree.Node } }, endpoint: KnownEndpoint, report = true): ValueSet {
  engine.markService();
  if (report) for (const item of endpoint.endpointItems) engine.report({ kind: 'endpoint', file: spec.module.path, node: spec.sdk.callee, item, via: spec.sdk.name });
  recordSite(engine, spec, endpoint);
  judgeBody(engine, spec.body, endpoint);
  return responseOf(engine, endpoint, spec.result, undefined);
}

function recordSite(engine: Engine, spec: Omit<RequestSpec, 'urls'> & { sdk?: RequestSite['sdk'] }, endpoint: KnownEndpoint | undefined, url?: StringPattern): void {
  const text = url && flatten(url).text;
  if (engine.sites.some((site) => site.call === spec.node && site.endpoint === endpoint && (endpoint || (site.url && flatten(site.url).text) === text))) return;
  engine.sites.push({
    client: spec.client,
    file: spec.module.path,
    call: spec.node,
    ...(endpoint ? { endpoint } : {}),
    ...(url ? { url } : {}),
    ...(spec.method ? { method: spec.method } : {}),
    ...(spec.urlNode ? { urlNode: spec.urlNode } : {}),
    ...(spec.optionsNode ? { optionsNode: spec.optionsNode } : {}),
    ...(spec.bodyNode ? { bodyNode: spec.bodyNode } : {}),
    ...(spec.sdk ? { sdk: spec.sdk } : {}),
  });
}

/** Every object or array sent as the body is judged, once the analysis is complete, against the endpoint's request schema. */
export function judgeBody(engine: Engine, body: ValueSet, endpoint: KnownEndpoint | undefined, positions = endpoint?.request ?? []): void {
  for (const value of unserialized(body)) {
    if (value.kind !== 'object' && value.kind !== 'array') continue;
    for (const position of positions) engine.demand({ allocation: value.allocation, position, endpoint });
  }
}

function unserialized(values: ValueSet): ValueSet {
  let result = EMPTY;
  for (const value of values) result = union(result, value.kind === 'serialized' ? unserialized(value.of) : [value]);
  return result;
}

/** The response in the state the client gives it; interceptors (axios) replace it with what they return. */
function responseOf(engine: Engine, endpoint: KnownEndpoint, result: string | undefined, interceptors: ValueSet | undefined): ValueSet {
  if (!result || !endpoint.relevant) return EMPTY;
  const promised = result.startsWith('promise:');
  const state = promised ? result.slice('promise:'.length) : result;
  // An endpoint without a response body still gives the client's object, whose builder methods send the body (superagent's `.send`).
  const positions = endpoint.response.length > 0 ? endpoint.response : [NO_BODY];
  const responses: Value[] = positions.map((position) => responseValue(state, position, endpoint));
  if (interceptors && interceptors.length > 0) {
    let transformed = EMPTY;
    for (const interceptor of interceptors) if (interceptor.kind === 'function') transformed = union(transformed, awaited(engine, engine.invoke(interceptor, [responses], EMPTY)));
    return transformed.length > 0 ? [promiseValue(transformed)] : EMPTY;
  }
  return promised ? [promiseValue(responses)] : responses;
}

/** The position of a response without a body: no schema, so nothing read from it is judged. */
const NO_BODY = { schema: '', containers: '' } as const;

interface Match {
  endpoint: KnownEndpoint;
  /** The pieces of text that make the endpoint's path (or name), for reporting where it is written. */
  pieces: TextPiece[];
}

/**
 * The endpoint a URL goes to: the most specific one whose path the URL ends with (a query,
 * fragment or unknown part may follow; the HTTP method breaks ties), or a deprecated endpoint
 * whose bare name the URL is (`${API}/getusercount`, `getusercount` passed to a helper).
 */
function identify(engine: Engine, url: StringPattern, method: string | undefined): Match | undefined {
  return identifyEndpoint(engine.catalog, url, method);
}

/** The endpoint a URL goes to (see `identify`), for code that has a catalog but no engine (`api-sunset scopes`). */
export function identifyEndpoint(catalog: Catalog, url: StringPattern, method: string | undefined): Match | undefined {
  const { text, owners } = flatten(url);
  let best: { endpoint: KnownEndpoint; index: number; length: number } | undefined;
  for (const endpoint of catalog.endpoints) {
    if (best && endpoint.specificity < best.endpoint.specificity) break;
    endpoint.pattern.lastIndex = 0;
    const found = endpoint.pattern.exec(text);
    if (!found) continue;
    if (!best || (endpoint.specificity === best.endpoint.specificity && endpoint.method === method && best.endpoint.method !== method)) {
      best = { endpoint, index: found.index, length: found[0].length };
    }
  }
  if (best) return { endpoint: best.endpoint, pieces: piecesIn(owners, best.index, best.index + best.length) };
  for (const endpoint of catalog.endpoints) {
    if (!endpoint.bareName) continue;
    const bare = barePattern(endpoint.bareName).exec(text);
    if (bare) {
      const start = bare.index + bare[1]!.length;
      return { endpoint, pieces: piecesIn(owners, start, start + endpoint.bareName.length) };
    }
  }
  return undefined;
}

const bareCache = new Map<string, RegExp>();

function barePattern(name: string): RegExp {
  let pattern = bareCache.get(name);
  if (!pattern) {
    pattern = new RegExp(`^(${HOLE}*/?)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[?#].*)?$`);
    bareCache.set(name, pattern);
  }
  return pattern;
}

/** A URL with an API's prefix in it goes to the service even when its endpoint is not known (a helper's parameter). */
export function mentionsService(engine: Engine, url: StringPattern): boolean {
  const { text } = flatten(url);
  return Object.values(engine.catalog.schedule.apis).some((api) => text.includes(api.prefix));
}

function piecesIn(owners: (TextPiece | undefined)[], start: number, end: number): TextPiece[] {
  const pieces: TextPiece[] = [];
  for (let i = start; i < end; i++) {
    const owner = owners[i];
    if (owner && !pieces.includes(owner)) pieces.push(owner);
  }
  return pieces;
}

/**
 * A deprecated endpoint is reported where its name is written: at the string expression holding
 * the piece with the path's last segment (`'/getusercount'` in `BASE + '/getusercount'`, the
 * constant a path was taken from in the same file, or the expression that reads it from another
 * module).
 */
function reportEndpoint(engine: Engine, endpoint: KnownEndpoint, pieces: TextPiece[]): void {
  const name = (endpoint.path.split('/').at(-1) ?? '').split('{')[0]!;
  const named = pieces.filter((piece) => piece.text.includes(name));
  for (const piece of named.length > 0 ? named : pieces.slice(-1)) {
    // Read from another module (`PATHS.COUNT`): where it is read, and where the name is written,
    // which is what changes (a table of endpoint names in source code, not in a JSON file; not a
    // shared base URL, which names no endpoint).
    const written = name !== '' && piece.text.includes(name) ? piece.written : undefined;
    for (const node of written ? [piece.origin, written] : [piece.origin]) {
      const root = stringRootOf(node);
      const file = engine.fileOf(root);
      if (!file || (node === written && !SOURCE_FILE.test(file))) continue;
      for (const item of endpoint.endpointItems) engine.report({ kind: 'endpoint', file, node: root, item });
    }
  }
}

const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|vue|svelte)$/;

/**
 * The outermost string-building expression a piece of text belongs to (`a + 'x' + b`, a template
 * literal). A piece said to be written where another module's value is read (`PATHS.COUNT`,
 * `paths.policy(id)`) is reported at that expression itself, not at the template around it.
 */
export function stringRootOf(node: TSESTree.Node): TSESTree.Node {
  if (node.type !== T.TemplateElement && node.type !== T.Literal) return node;
  let current: TSESTree.Node = node.type === T.TemplateElement ? (node.parent as TSESTree.Node) : node;
  while (current.parent && isStringBuilder(current.parent, current)) current = current.parent;
  return current;
}

function isStringBuilder(parent: TSESTree.Node, child: TSESTree.Node): boolean {
  if (parent.type === T.BinaryExpression) return parent.operator === '+';
  if (parent.type === T.TemplateLiteral) return parent.expressions.includes(child as TSESTree.Expression);
  return false;
}

// ---- requests the models do not describe ------------------------------------------------------

/** A wrapper the user declared in `settings['api-sunset'].wrappers`: its path argument, its prefix and its body. */
export function wrapperRequest(engine: Engine, module: ParsedModule, node: TSESTree.CallExpression, wrapper: WrapperSetting, args: readonly ValueSet[]): ValueSet {
  const pathIndex = wrapper.path ?? 0;
  const paths = strings(args[pathIndex] ?? EMPTY);
  const prefix: StringPattern | undefined = wrapper.prefix ? [{ hole: true }, { text: wrapper.prefix, origin: node.callee }] : undefined;
  const urlNode = node.arguments[pathIndex];
  const bodyNode = wrapper.body === undefined ? undefined : node.arguments[wrapper.body];
  return serviceRequest(engine, {
    client: 'wrapper',
    node,
    module,
    urls: paths.map((path) => (prefix ? joinUrl(prefix, path) : path)),
    ...(wrapper.method ? { method: wrapper.method.toUpperCase() } : {}),
    body: wrapper.body === undefined ? EMPTY : (args[wrapper.body] ?? EMPTY),
    result: 'promise:body',
    ...(urlNode && urlNode.type !== T.SpreadElement ? { urlNode } : {}),
    ...(bodyNode && bodyNode.type !== T.SpreadElement ? { bodyNode } : {}),
  });
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
const BODY_METHODS = new Set(['post', 'put', 'patch']);

/**
 * `http.post(url, body)` on a client the analysis does not know (Angular's HttpClient, a home-made
 * one): a request only when the URL names a service endpoint in full, and the result is its body
 * (what such clients resolve to).
 */
export function fallbackHttpRequest(engine: Engine, module: ParsedModule, node: TSESTree.CallExpression, callee: TSESTree.MemberExpression, args: readonly ValueSet[], self: ValueSet): ValueSet {
  // A receiver the analysis knows is no unknown client, unless it carries its own base URL: a
  // subclass of a library's REST client (`class GleanAPI extends RESTDataSource { baseURL = … }`).
  const bases = strings(self.some((value) => value.kind !== 'string') ? ownBaseUrl(engine, self) : EMPTY);
  if (self.some((value) => value.kind !== 'string') && bases.length === 0) return EMPTY;
  const name = !callee.computed && callee.property.type === T.Identifier ? callee.property.name.toLowerCase() : undefined;
  if (!name || !(HTTP_METHODS.has(name) || name === 'request') || registersRoute(module, node, callee)) return EMPTY;
  // `z.request({ url, method, body })`: an options object says where it goes and what it sends.
  const config = name === 'request' ? (args[0] ?? EMPTY).filter((value) => value.kind === 'object') : EMPTY;
  if (name === 'request' && config.length === 0) return EMPTY;
  const paths = strings(name === 'request' ? load(engine, config, 'url', undefined) : (args[0] ?? EMPTY));
  const joined = bases.length > 0 ? bases.flatMap((base) => paths.map((path) => joinUrl(base, path))) : paths;
  const urls = joined.filter((url) => Object.values(engine.catalog.schedule.apis).some((api) => flatten(url).text.includes(api.prefix)));
  if (urls.length === 0) return EMPTY;
  const urlNode = name === 'request' ? undefined : node.arguments[0];
  const bodyNode = BODY_METHODS.has(name) ? node.arguments[1] : undefined;
  // The body is the argument, or, in an options object, its `data`, `json` or `body` (Playwright's `post(url, { data })`).
  const sent = name === 'request' ? config : BODY_METHODS.has(name) ? (args[1] ?? EMPTY) : EMPTY;
  const options = sent.filter((value) => value.kind === 'object');
  const body = union(name === 'request' ? EMPTY : sent, unionAll(OPTION_BODIES.map((key) => load(engine, options, key, undefined))));
  const method = name === 'request' ? methodTexts(load(engine, config, 'method', undefined))[0] : name.toUpperCase();
  return serviceRequest(engine, {
    client: 'http-method',
    node,
    module,
    urls,
    ...(method ? { method } : {}),
    body,
    result: 'promise:unknown-client',
    ...(urlNode && urlNode.type !== T.SpreadElement ? { urlNode } : {}),
    ...(bodyNode && bodyNode.type !== T.SpreadElement ? { bodyNode } : {}),
  });
}

const OPTION_BODIES = ['data', 'json', 'body'];

const BASE_URL_FIELDS = ['baseURL', 'baseUrl', 'prefixUrl'];

/** The base URL an instance keeps in a field of its own (the convention of REST client base classes). */
function ownBaseUrl(engine: Engine, self: ValueSet): ValueSet {
  const instances = self.filter((value) => value.kind === 'instance');
  let result = EMPTY;
  for (const field of BASE_URL_FIELDS) result = union(result, load(engine, instances, field, undefined));
  return result;
}

/** Servers, routers and HTTP mocks whose `post(path, …)` registers a handler for a path instead of sending a request. */
const ROUTE_LIBRARIES = /^(express|fastify|koa|@koa\/router|koa-router|hono|@hono\/.*|msw|msw\/.*|nock|@hapi\/hapi|restify|polka|h3|itty-router|miragejs|fetch-mock|axios-mock-adapter|supertest)$/;

/**
 * `router.post('/rest/api/v1/chat', handler)`, `http.post('*\/rest/api/v1/chat', () => …)` (msw),
 * `nock(base).post('/rest/api/v1/chat').reply(200)`: a path with a function after it, a receiver
 * made by a server or mocking library, or a chain that ends in a mock's `.reply` is a route or a
 * mock of the service, not a request to it.
 */
function registersRoute(module: ParsedModule, node: TSESTree.CallExpression, callee: TSESTree.MemberExpression): boolean {
  if (node.arguments.slice(1).some((argument) => argument.type === T.ArrowFunctionExpression || argument.type === T.FunctionExpression)) return true;
  const parent = node.parent;
  if (parent?.type === T.MemberExpression && parent.object === node && !parent.computed && parent.property.type === T.Identifier && /^(reply|replyWithError|replyWithFile|times|once|delay|query|matchHeader|basicAuth)$/.test(parent.property.name)) return true;
  const root = rootIdentifier(callee.object);
  const source = root && importSourceOf(module, root);
  return source !== undefined && ROUTE_LIBRARIES.test(source);
}

/** Names of home-made request helpers: `post`, `request`, `callApi`, `fetchIndex`, `sendToGlean`. */
const HELPER_NAME = /^(get|post|put|patch|delete|request|call[A-Z_]?\w*|fetch[A-Z_]\w*|send[A-Z_]\w*|\w*[Aa]pi|\w*Request)$/;

/**
 * `post('getdocumentcount', body)` where `post` cannot be seen (an import that does not resolve, a
 * global): the deprecated endpoint's own name (or path) as the first argument of a helper named
 * like a request is the evidence. Live endpoints' bare names are too common to count.
 */
export function unresolvedHelperRequest(engine: Engine, module: ParsedModule, node: TSESTree.CallExpression, callee: TSESTree.Node, args: readonly ValueSet[]): ValueSet {
  const name = callee.type === T.Identifier ? callee.name : callee.type === T.MemberExpression && !callee.computed && callee.property.type === T.Identifier ? callee.property.name : undefined;
  if (!name || !HELPER_NAME.test(name)) return EMPTY;
  if (callee.type === T.MemberExpression && (registersRoute(module, node, callee) || !sendsLike(callee, name))) return EMPTY;
  for (const pattern of strings(args[0] ?? EMPTY)) {
    const match = identify(engine, pattern, undefined);
    if (match && match.endpoint.endpointItems.length > 0) {
      engine.markService();
      reportEndpoint(engine, match.endpoint, match.pieces);
    }
  }
  return EMPTY;
}

/** `get`, `put` and `delete` are also the verbs of maps, caches and key-value stores (`env.CACHE.put('getusercount', n)`). */
const STORE_VERBS = new Set(['get', 'put', 'delete']);
const HTTP_RECEIVER = /api|http|client|glean|rest|request|fetch/i;

/** Whether `receiver.name(…)` reads as a request: a request verb of its own, or a store's verb on a receiver named like an HTTP client. */
function sendsLike(callee: TSESTree.MemberExpression, name: string): boolean {
  if (!STORE_VERBS.has(name)) return true;
  const receiver = lastName(callee.object);
  return HTTP_RECEIVER.test(receiver) || receiver === 'this';
}

/** `new Request(url, init)` is a use of the endpoint its URL names, passed to fetch or not. */
export function requestObjectUse(engine: Engine, url: ValueSet): void {
  for (const pattern of strings(url)) {
    const match = identify(engine, pattern, undefined);
    if (match && match.endpoint.endpointItems.length > 0) reportEndpoint(engine, match.endpoint, match.pieces);
  }
}

/** A base URL that is itself a deprecated endpoint's URL is a use of it. */
export function baseUrlUse(engine: Engine, bases: ValueSet): void {
  requestObjectUse(engine, bases);
}

/** The HTTP methods a set of values may name, upper case (the known text of each). */
export function methodTexts(values: ValueSet): string[] {
  return strings(values).map((pattern) => pattern.map((piece) => ('text' in piece ? piece.text : '')).join('').toUpperCase());
}

export function strings(values: ValueSet): StringPattern[] {
  return values.flatMap((value) => (value.kind === 'string' ? [value.pattern] : []));
}
