import { TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import { catalogFor, type KnownEndpoint } from '../flow/catalog.js';
import { identifyEndpoint, stringRootOf } from '../flow/requests.js';
import { fileReport } from '../judge/file-report.js';
import { walkTree } from '../project/ast.js';
import type { Settings } from '../settings.js';
import type { ApiName } from '../schedule/types.js';
import { flatten, isTextPiece, StringEvaluator } from './strings.js';

/** One place in a file that needs an endpoint: a request to it, or its full path written in a string. */
export interface EndpointUse {
  /** `POST /rest/api/v1/search`; a path alone when the method is not known (`/rest/api/v1/listcollections`). */
  endpoint: string;
  api: ApiName | undefined;
  /** The endpoint's scope in the data; undefined when the data names none. */
  scope: string | undefined;
  line: number;
  column: number;
  via: 'request' | 'path';
}

/**
 * Everything in a file that shows which endpoints the code calls. Requests come from the
 * project's analysis; a full endpoint path in a string counts too: a scope list errs on the side
 * of asking for a scope a path may need (a path handed to code the analysis cannot see, such as a
 * package's client). A path under an API prefix that names no known endpoint is kept, with no
 * scope: the administrator has to look it up.
 */
export function collectEndpointUses(sourceCode: Readonly<TSESLint.SourceCode>, filename: string, settings: Settings, cwd: string): EndpointUse[] {
  const catalog = catalogFor(settings.schedule);
  const uses: EndpointUse[] = [];
  // Where the requests' URLs are written, by range (the engine may have read the file from its own parse).
  const sitePieces = new Set<string>();
  const rangeOf = (node: { range: TSESTree.Range }) => `${node.range[0]}:${node.range[1]}`;
  const prefixes = Object.entries(settings.schedule.apis).map(([api, info]) => ({ api: api as ApiName, prefix: info.prefix.replace(/\/$/, '') }));
  for (const site of fileReport(sourceCode, filename, settings, cwd).sites) {
    for (const piece of site.url ?? []) if (isTextPiece(piece)) sitePieces.add(rangeOf(piece.origin));
    const at = (site.urlNode ?? site.sdk?.callee ?? site.call).loc.start;
    if (site.endpoint) {
      uses.push({ endpoint: label(catalog.endpoints, site.endpoint, true), api: site.endpoint.api, scope: site.endpoint.scope, line: at.line, column: at.column + 1, via: 'request' });
      continue;
    }
    const unknown = site.url && unknownPath(flatten(site.url).text, prefixes);
    if (unknown) uses.push({ endpoint: site.method ? `${site.method} ${unknown.path}` : unknown.path, api: unknown.api, scope: undefined, line: at.line, column: at.column + 1, via: 'request' });
  }
  const strings = new StringEvaluator(sourceCode);
  for (const root of stringRoots(sourceCode)) {
    const pattern = strings.evaluate(root);
    if (!pattern || pattern.some((piece) => isTextPiece(piece) && sitePieces.has(rangeOf(piece.origin)))) continue;
    const at = root.loc.start;
    const endpoint = identifyEndpoint(catalog, pattern, undefined)?.endpoint;
    if (endpoint) {
      uses.push({ endpoint: label(catalog.endpoints, endpoint, false), api: endpoint.api, scope: endpoint.scope, line: at.line, column: at.column + 1, via: 'path' });
      continue;
    }
    const unknown = unknownPath(flatten(pattern).text, prefixes);
    if (unknown) uses.push({ endpoint: unknown.path, api: unknown.api, scope: undefined, line: at.line, column: at.column + 1, via: 'path' });
  }
  return uses;
}

/** `METHOD path`, unless the method is a guess: a path written in a string may be any of the endpoints that share it. */
function label(endpoints: KnownEndpoint[], endpoint: KnownEndpoint, methodKnown: boolean): string {
  const shared = endpoints.filter((candidate) => candidate.path === endpoint.path).length > 1;
  return shared && !methodKnown ? endpoint.path : `${endpoint.method} ${endpoint.path}`;
}

/** A service path the data does not know, written out to its end: `https://x/rest/api/v1/listcollections`. */
function unknownPath(text: string, prefixes: { api: ApiName; prefix: string }[]): { api: ApiName; path: string } | undefined {
  for (const { api, prefix } of prefixes) {
    const at = text.indexOf(`${prefix}/`);
    if (at < 0) continue;
    const rest = text.slice(at + prefix.length);
    const match = /^(?:\/[\w.-]+)+\/?/.exec(rest);
    // A path that goes on with an unknown part (`/rest/api/v1/${name}`) names no endpoint we could look up.
    const next = match ? rest[match[0].length] : undefined;
    if (match && (next === undefined || next === '?' || next === '#')) return { api, path: prefix + match[0].replace(/\/$/, '') };
  }
  return undefined;
}

/** The outermost string expressions of the file, leaving out module specifiers and object keys. */
function stringRoots(sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Node[] {
  const roots: TSESTree.Node[] = [];
  walkTree(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    const stringy =
      (node.type === TSESTree.AST_NODE_TYPES.Literal && typeof node.value === 'string') ||
      node.type === TSESTree.AST_NODE_TYPES.TemplateLiteral ||
      (node.type === TSESTree.AST_NODE_TYPES.BinaryExpression && node.operator === '+');
    if (stringy && stringRootOf(node) === node && !isSpecifierOrKey(node)) roots.push(node);
  });
  return roots.sort((a, b) => a.range[0] - b.range[0]);
}

function isSpecifierOrKey(node: TSESTree.Node): boolean {
  const parent = node.parent;
  if (!parent) return true;
  if ('source' in parent && parent.source === node) return true;
  return (parent.type === TSESTree.AST_NODE_TYPES.Property || parent.type === TSESTree.AST_NODE_TYPES.PropertyDefinition) && parent.key === node && !parent.computed;
}
