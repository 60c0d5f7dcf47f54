import type { TSESTree } from '../ts-eslint-lite.js';
import type { FieldUse, FlowFinding } from './findings.js';
import type { RequestSite } from './requests.js';
import { isTextPiece, type StringPattern } from './strings.js';

/**
 * Where a node of the analysis's tree was: its type and range, which find it again in ESLint's
 * tree of the file (see judge/file-report.ts). An analysis hands on these instead of nodes, so that
 * the trees it parsed (with their scopes, about half a MiB per module) can be let go once it is made.
 */
export interface NodeRef<Type extends TSESTree.Node['type'] = TSESTree.Node['type']> {
  readonly type: Type;
  readonly range: TSESTree.Range;
}

/** A field's use, its nodes replaced by where they were. */
export type DetachedFieldUse =
  | { kind: 'request-key' | 'response-destructure' | 'response-pattern'; property: NodeRef<TSESTree.Property['type']> }
  | { kind: 'request-assign' | 'response-read'; member: NodeRef<TSESTree.MemberExpression['type']> }
  | { kind: 'response-path'; literal: NodeRef<TSESTree.Literal['type']> };

type Detached<F extends FlowFinding> = Omit<F, 'node' | 'use'> & { node: NodeRef } & (F extends { use: FieldUse } ? { use: DetachedFieldUse } : unknown);

/** A finding of the analysis as it leaves the engine. */
export type DetachedFinding = { [K in FlowFinding['kind']]: Detached<Extract<FlowFinding, { kind: K }>> }[FlowFinding['kind']];

/** A request of the analysis as it leaves the engine. */
export type DetachedSite = Omit<RequestSite, 'call' | 'urlNode' | 'optionsNode' | 'bodyNode' | 'sdk' | 'url'> & {
  call: NodeRef;
  urlNode?: NodeRef;
  optionsNode?: NodeRef;
  bodyNode?: NodeRef;
  sdk?: { name: string; callee: NodeRef };
  url?: StringPattern<NodeRef>;
};

export function nodeRef<N extends TSESTree.Node>(node: N): NodeRef<N['type']> {
  // The range array belongs to the node but points nowhere, so sharing it keeps nothing else alive.
  return { type: node.type, range: node.range };
}

export function detachFinding(finding: FlowFinding): DetachedFinding {
  const node = nodeRef(finding.node);
  if (finding.kind !== 'field') return { ...finding, node };
  const { use } = finding;
  const detachedUse: DetachedFieldUse =
    use.kind === 'response-path'
      ? { kind: use.kind, literal: nodeRef(use.literal) }
      : use.kind === 'request-key' || use.kind === 'response-destructure' || use.kind === 'response-pattern'
        ? { kind: use.kind, property: nodeRef(use.property) }
        : { kind: use.kind, member: nodeRef(use.member) };
  return { ...finding, node, use: detachedUse };
}

export function detachSite(site: RequestSite): DetachedSite {
  const { call, urlNode, optionsNode, bodyNode, sdk, url, ...rest } = site;
  return {
    ...rest,
    call: nodeRef(call),
    ...(urlNode ? { urlNode: nodeRef(urlNode) } : {}),
    ...(optionsNode ? { optionsNode: nodeRef(optionsNode) } : {}),
    ...(bodyNode ? { bodyNode: nodeRef(bodyNode) } : {}),
    ...(sdk ? { sdk: { name: sdk.name, callee: nodeRef(sdk.callee) } } : {}),
    ...(url ? { url: url.map((piece) => (isTextPiece(piece) ? { text: piece.text, origin: nodeRef(piece.origin) } : piece)) } : {}),
  };
}
