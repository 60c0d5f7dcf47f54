import type { TSESTree } from '../ts-eslint-lite.js';
import { isMethodCall, propertyValue, T, unwrap } from '../project/ast.js';
import type { KnownEndpoint } from '../flow/catalog.js';
import type { StringPattern } from '../flow/strings.js';
import type { NodeRef } from '../flow/detached.js';
import type { RequestSite } from '../judge/file-report.js';

/** A request of the file as the token rules read it: the call, and what it sends, as written at the call. */
export interface TokenSite {
  /** `fetch`, `axios`, …, `sdk`, `wrapper`, `http-method` (see the engine's RequestSite). */
  client: string;
  call: TSESTree.CallExpression;
  urlNode?: TSESTree.Node;
  url?: StringPattern<NodeRef>;
  endpoint?: KnownEndpoint;
  method?: string;
  /** The body as written at the call (its argument, or its options' key), `JSON.stringify(…)` unwrapped. */
  body?: TSESTree.Node;
  sdk?: { name: string; callee: TSESTree.Node };
}

/** The options key each client reads the body from, when it is not an argument of its own. */
const BODY_KEYS: Record<string, readonly string[]> = {
  fetch: ['body'],
  undici: ['body'],
  axios: ['data'],
  got: ['json', 'body', 'form'],
  ky: ['json', 'body'],
  ofetch: ['body'],
  'openapi-fetch': ['body'],
};

export function tokenSite(site: RequestSite): TokenSite | undefined {
  if (site.call.type !== T.CallExpression) return undefined;
  const body = bodyAtCall(site);
  return {
    client: site.client,
    call: site.call,
    ...(site.urlNode ? { urlNode: site.urlNode } : {}),
    ...(site.url ? { url: site.url } : {}),
    ...(site.endpoint ? { endpoint: site.endpoint } : {}),
    ...(site.method ? { method: site.method } : {}),
    ...(body ? { body: unwrapStringify(body) } : {}),
    ...(site.sdk ? { sdk: site.sdk } : {}),
  };
}

function bodyAtCall(site: RequestSite): TSESTree.Node | undefined {
  if (site.bodyNode) return site.bodyNode;
  const options = site.optionsNode && unwrap(site.optionsNode);
  if (options?.type !== T.ObjectExpression) return undefined;
  for (const key of BODY_KEYS[site.client] ?? []) {
    const value = propertyValue(options, key);
    if (value) return value;
  }
  return undefined;
}

/** `JSON.stringify(x)` sends x. */
function unwrapStringify(node: TSESTree.Node): TSESTree.Node {
  const target = unwrap(node);
  if (target.type === T.CallExpression && target.callee.type === T.MemberExpression && target.callee.object.type === T.Identifier && target.callee.object.name === 'JSON' && isMethodCall(target, 'stringify')) {
    const [argument] = target.arguments;
    if (argument && argument.type !== T.SpreadElement) return argument;
  }
  return target;
}
