import { parseEndpoint } from '../schedule/endpoint.js';
import type { EndpointInfo, Schedule, ScheduleItem } from '../schedule/types.js';
import { perSchedule } from '../schedule/derived.js';

/** A service endpoint the analysis can recognise, with its path compiled for matching inside strings. */
export interface KnownEndpoint {
  info: EndpointInfo;
  method: string;
  path: string;
  /** Path parameters (`{id}`) become "one path segment, possibly unknown". */
  pattern: RegExp;
  /** Literal characters in the path: a longer literal path is the more specific match. */
  specificity: number;
  /** The last path segment when it is distinctive enough to stand alone (`getusercount`). */
  bareName?: string;
  /** Deprecated items that are the endpoint itself. */
  endpointItems: ScheduleItem[];
}

export interface SdkCallTarget {
  endpoint: KnownEndpoint;
  /** Whether the first argument (after the client, for standalone functions) is the request body. */
  bodyless: boolean;
}

export interface Catalog {
  schedule: Schedule;
  endpoints: KnownEndpoint[];
  /** `indexing.documents.count` → target. */
  sdkMethods: Map<string, SdkCallTarget>;
  /** `indexingDocumentsCount` → target. */
  sdkFunctions: Map<string, SdkCallTarget>;
  /** Strings at least one of which a file must contain to hold any finding. */
  gateWords: string[];
  /** The last name of each deprecated endpoint's SDK method (`bulkIndex`, `count`, `list`): what a typed call must be named. */
  deprecatedMethodNames: ReadonlySet<string>;
  /**
   * Each endpoint's path relative to its API prefix (`/getanswer`, `/governance/data/policies/`),
   * at the start of a string or right after `${…}`: all that a call through a client imported from
   * a sibling module (`clientApi.get(\`/governance/data/policies/${id}\`)`) shows of the service.
   * The gate counts it only next to a relative import. Undefined when no endpoint has a prefix.
   */
  relativePaths?: RegExp;
}

/** The character that stands for an unknown part of a string (an expression we could not evaluate). */
export const HOLE = '\u0000';

export const catalogFor = perSchedule(buildCatalog);

function buildCatalog(schedule: Schedule): Catalog {
  const byKey = new Map<string, KnownEndpoint>();
  const add = (text: string, info: EndpointInfo) => {
    const existing = byKey.get(text);
    if (existing) return existing;
    const { method, path } = parseEndpoint(text);
    const known: KnownEndpoint = {
      info,
      method,
      path,
      pattern: compilePath(path, URL_END),
      specificity: path.replace(/\{[^}]*\}/g, '').length,
      endpointItems: [],
    };
    byKey.set(text, known);
    return known;
  };
  for (const info of schedule.endpoints) add(info.endpoint, info);
  for (const item of schedule.items) {
    const known = add(item.endpoint, { endpoint: item.endpoint, api: item.api });
    if (item.kind === 'endpoint') {
      known.endpointItems.push(item);
      // Only deprecated endpoints' names are distinctive enough to count without a path around them.
      known.bareName = known.path.split('/').at(-1);
    }
  }
  const endpoints = [...byKey.values()].sort((a, b) => b.specificity - a.specificity);
  const sdkMethods = new Map<string, SdkCallTarget>();
  const sdkFunctions = new Map<string, SdkCallTarget>();
  for (const endpoint of endpoints) {
    const target = { endpoint, bodyless: endpoint.info.bodyless ?? false };
    for (const method of endpoint.info.sdkMethods ?? []) sdkMethods.set(method, target);
    for (const fn of endpoint.info.sdkFunctions ?? []) sdkFunctions.set(fn, target);
  }
  const gateWords = [
    ...Object.values(schedule.apis).map((api) => api.prefix.replace(/^\//, '')),
    schedule.sdk.package,
    ...endpoints.flatMap((endpoint) => (endpoint.bareName ? [endpoint.bareName] : [])),
    // `glean.client.answers.list(…)` on a client imported from a sibling module names neither the package nor a path.
    ...[...sdkMethods.keys()].map((method) => method.split('.').slice(-2).join('.')),
  ];
  const deprecatedMethodNames = new Set([...sdkMethods].flatMap(([method, target]) => (target.endpoint.endpointItems.length > 0 ? [method.split('.').at(-1)!] : [])));
  return { schedule, endpoints, sdkMethods, sdkFunctions, gateWords: [...new Set(gateWords)], deprecatedMethodNames, relativePaths: relativePathsPattern(schedule, endpoints) };
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
    const prefix = schedule.apis[endpoint.info.api]?.prefix.replace(/\/$/, '');
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
