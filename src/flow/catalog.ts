import { parseEndpoint } from '../schedule/endpoint.js';
import type { SchemaPosition } from '../schedule/graph/schema-graph.js';
import { sdkModel, type SdkBody, type SdkHook } from '../schedule/sdk-model.js';
import type { ApiName, Schedule, ScheduleItem } from '../schedule/types.js';
import { perSchedule } from '../schedule/derived.js';

/** A service endpoint the analysis can recognise, with its path compiled for matching inside strings. */
export interface KnownEndpoint {
  /** `"POST /rest/api/v1/chat"`, as the documents and the schedule write it. */
  key: string;
  method: string;
  path: string;
  api: ApiName | undefined;
  /** The token scope it needs, where the schedule names one. */
  scope?: string;
  /** Path parameters (`{id}`) become "one path segment, possibly unknown". */
  pattern: RegExp;
  /** Literal characters in the path: a longer literal path is the more specific match. */
  specificity: number;
  /** The last path segment when it is distinctive enough to stand alone (`getusercount`). */
  bareName?: string;
  /** Deprecated items that are the endpoint itself. */
  endpointItems: ScheduleItem[];
  /** Where its JSON bodies start in the schema graph. */
  request: readonly SchemaPosition[];
  response: readonly SchemaPosition[];
  /** Whether a deprecated item can be met in its bodies or is the endpoint itself: other endpoints' values need no following. */
  relevant: boolean;
}

export interface SdkCallTarget {
  endpoint: KnownEndpoint;
  /** The argument that is the request body (after the client, for standalone functions); none for operations without one. */
  body?: SdkBody;
  /** Whether the call resolves to the JSON response body. */
  response: boolean;
}

export interface Catalog {
  schedule: Schedule;
  endpoints: KnownEndpoint[];
  byKey: ReadonlyMap<string, KnownEndpoint>;
  /** `indexing.documents.count` → target. */
  sdkMethods: Map<string, SdkCallTarget>;
  /** `indexingDocumentsCount` → target. */
  sdkFunctions: Map<string, SdkCallTarget>;
  /** `useClientChatCreateMutation` → the hook and its function's target. */
  sdkHooks: Map<string, { hook: SdkHook; target: SdkCallTarget }>;
  /** Strings at least one of which a file must contain to hold any finding. */
  gateWords: string[];
  /** The last literal path segment of every endpoint whose bodies matter (`search`, `getcollection`): what a request helper's callers pass. */
  endpointNames: ReadonlySet<string>;
  /** The last name of each deprecated endpoint's SDK method (`bulkIndex`, `count`, `list`): what a typed call must be named. */
  deprecatedMethodNames: ReadonlySet<string>;
  /**
   * Each relevant endpoint's path relative to its API prefix (`/getanswer`, `/governance/data/policies/`),
   * at the start of a string or right after `${…}`: all that a call through a client imported from
   * a sibling module (`clientApi.get(\`/governance/data/policies/${id}\`)`) shows of the service.
   * The gate counts it only next to a relative import. Undefined when no endpoint has a prefix.
   */
  relativePaths?: RegExp;
  /** The items that apply to reading or writing `property` on an object of `schema`, given the marks the graph puts there. */
  itemsOnProperty(schema: string, property: string, marks: readonly string[]): readonly ScheduleItem[];
  itemById(id: string): ScheduleItem | undefined;
  /** Whether a schema can be part of a request body (reachable from some operation's request). */
  inRequests(schema: string): boolean;
  /** Whether a schema can be part of a response body. */
  inResponses(schema: string): boolean;
}

/** The character that stands for an unknown part of a string (an expression we could not evaluate). */
export const HOLE = '\u0000';

export const catalogFor = perSchedule(buildCatalog);

function buildCatalog(schedule: Schedule): Catalog {
  const { graph } = schedule;
  const byKey = new Map<string, KnownEndpoint>();
  const add = (key: string) => {
    const existing = byKey.get(key);
    if (existing) return existing;
    const { method, path } = parseEndpoint(key);
    const request = graph.body(key, 'request');
    const response = graph.body(key, 'response');
    const known: KnownEndpoint = {
      key,
      method,
      path,
      api: apiOf(schedule, path),
      ...(schedule.endpoints[key]?.scope ? { scope: schedule.endpoints[key].scope } : {}),
      pattern: compilePath(path, URL_END),
      specificity: path.replace(/\{[^}]*\}/g, '').length,
      endpointItems: [],
      request,
      response,
      relevant: [...request, ...response].some((position) => graph.leadsToMarks(position.schema)),
    };
    byKey.set(key, known);
    return known;
  };
  for (const key of Object.keys(graph.file.operations)) add(key);
  for (const key of Object.keys(schedule.endpoints)) add(key);
  for (const item of schedule.items) {
    if (item.anchor.kind !== 'operation') continue;
    const known = add(item.anchor.operation);
    known.endpointItems.push(item);
    known.relevant = true;
    // Only deprecated endpoints' names are distinctive enough to count without a path around them.
    known.bareName = known.path.split('/').at(-1);
  }
  const endpoints = [...byKey.values()].sort((a, b) => b.specificity - a.specificity || a.key.localeCompare(b.key));
  const target = (operation: string, body: SdkBody | undefined, response: boolean | undefined): SdkCallTarget | undefined => {
    const endpoint = byKey.get(operation);
    return endpoint && { endpoint, ...(body ? { body } : {}), response: response ?? false };
  };
  const sdkMethods = new Map<string, SdkCallTarget>();
  const sdkFunctions = new Map<string, SdkCallTarget>();
  const sdkHooks = new Map<string, { hook: SdkHook; target: SdkCallTarget }>();
  for (const [name, method] of Object.entries(sdkModel().methods)) {
    const found = target(method.operation, method.body, method.response);
    if (found) sdkMethods.set(name, found);
  }
  for (const [name, fn] of Object.entries(sdkModel().functions)) {
    const found = target(fn.operation, fn.body, fn.response);
    if (found) sdkFunctions.set(name, found);
  }
  for (const [name, hook] of Object.entries(sdkModel().hooks)) {
    const found = sdkFunctions.get(hook.function);
    if (found) sdkHooks.set(name, { hook, target: found });
  }
  // The generator names a function's query hooks `use<Function>`, `…Suspense`, `…Infinite`; which
  // operations get one changes between SDK releases, so every function's names are known.
  for (const [name, found] of sdkFunctions) {
    const base = `use${name.charAt(0).toUpperCase()}${name.slice(1)}`;
    for (const hook of [base, `${base}Suspense`, `${base}Infinite`]) {
      if (!sdkHooks.has(hook)) sdkHooks.set(hook, { hook: { function: name, kind: 'query', body: { argument: 0 } }, target: found });
    }
  }
  const relevantMethods = [...sdkMethods].filter(([, found]) => found.endpoint.relevant).map(([name]) => name);
  const gateWords = [
    ...Object.values(schedule.apis).map((api) => api.prefix.replace(/^\//, '')),
    schedule.sdk.package,
    ...endpoints.flatMap((endpoint) => (endpoint.bareName ? [endpoint.bareName] : [])),
    // `glean.client.answers.list(…)` on a client imported from a sibling module names neither the package nor a path.
    ...relevantMethods.map((method) => method.split('.').slice(-2).join('.')),
  ];
  const endpointNames = new Set(endpoints.filter((endpoint) => endpoint.relevant).flatMap((endpoint) => endpoint.path.split('/').filter((segment) => segment !== '' && !segment.includes('{')).slice(-1)));
  const deprecatedMethodNames = new Set([...sdkMethods].flatMap(([method, found]) => (found.endpoint.endpointItems.length > 0 ? [method.split('.').at(-1)!] : [])));
  const byId = new Map(schedule.items.map((item) => [item.id, item]));
  const byAnchor = new Map<string, ScheduleItem[]>();
  for (const item of schedule.items) {
    if (item.anchor.kind !== 'property') continue;
    const key = `${item.anchor.schema}.${item.anchor.property}`;
    byAnchor.set(key, [...(byAnchor.get(key) ?? []), item]);
  }
  const onProperty = new Map<string, readonly ScheduleItem[]>();
  return {
    schedule,
    endpoints,
    byKey,
    itemsOnProperty: (schema, property, marks) => {
      const key = `${schema}.${property}`;
      let items = onProperty.get(key);
      if (!items) {
        const found = new Set<ScheduleItem>();
        for (const mark of marks) {
          const item = byId.get(mark);
          if (item) found.add(item);
        }
        // An item of the user's own, anchored on a schema this object may be, applies as a mark would.
        for (const concrete of graph.concrete(schema)) for (const item of byAnchor.get(`${concrete}.${property}`) ?? []) found.add(item);
        items = [...found];
        onProperty.set(key, items);
      }
      return items;
    },
    itemById: (id) => byId.get(id),
    inRequests: (schema) => graph.requestSchemas().has(schema),
    inResponses: (schema) => graph.responseSchemas().has(schema),
    sdkMethods,
    sdkFunctions,
    sdkHooks,
    gateWords: [...new Set(gateWords)],
    endpointNames,
    deprecatedMethodNames,
    relativePaths: relativePathsPattern(schedule, endpoints.filter((endpoint) => endpoint.relevant)),
  };
}

function apiOf(schedule: Schedule, path: string): ApiName | undefined {
  for (const [name, api] of Object.entries(schedule.apis) as [ApiName, { prefix: string }][]) {
    const prefix = api.prefix.replace(/\/$/, '');
    if (path === prefix || path.startsWith(`${prefix}/`)) return name;
  }
  return undefined;
}

/**
 * `/rest/api/v1/governance/data/policies/{id}` → "governance/data/policies/": the literal part of
 * each path after its API's prefix, up to the first parameter. They match only right after a quote,
 * a backtick or the `}` of `${…}` and with their leading slash (`'/search'`, `` `${API}/chat` ``),
 * because `search` and `chat` alone are everywhere (`https://search.vendor.io`, `type: 'search'`).
 */
function relativePathsPattern(schedule: Schedule, endpoints: KnownEndpoint[]): RegExp | undefined {
  const relative = new Set<string>();
  for (const endpoint of endpoints) {
    const prefix = endpoint.api && schedule.apis[endpoint.api]?.prefix.replace(/\/$/, '');
    if (!prefix || !endpoint.path.startsWith(`${prefix}/`)) continue;
    const literal = endpoint.path.slice(prefix.length + 1).split('{')[0]!;
    if (literal) relative.add(literal);
  }
  if (relative.size === 0) return undefined;
  const alternatives = [...relative].sort((a, b) => b.length - a.length).map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`[\`'"}]/(?:${alternatives.join('|')})(?![\\w-])`);
}

/**
 * `/rest/api/v1/governance/data/policies/{id}` → a regex over strings where HOLE marks unknown
 * text; a path parameter is one segment. `end` says what may follow the path.
 */
export function compilePath(path: string, end: string): RegExp {
  const source = path
    .split(/(\{[^}]*\})/)
    .map((part) => (part.startsWith('{') ? '[^/?#\\s]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(source + end, 'g');
}

/** A request's URL ends where the path ends: at the end, a query, a fragment or an unknown part. */
const URL_END = `(?=$|[?#${HOLE}]|/?$)`;
