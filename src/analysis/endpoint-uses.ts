import { TSESTree } from '../ts-eslint-lite.js';
import { compilePath, HOLE, type Catalog, type KnownEndpoint } from '../flow/catalog.js';
import type { EndpointFinding } from './findings.js';
import type { RequestSite } from './requests.js';
import { flatten, type StringEvaluator, type StringPattern, type TextPiece } from './strings.js';

/** Where a string stands, which decides what may be matched in it. */
export interface Candidate {
  node: TSESTree.Node;
  pattern: StringPattern;
  /** Bare endpoint names (`'getusercount'`) count only where a URL or path is expected. */
  urlPosition: boolean;
}

interface Match {
  candidate: Candidate;
  endpoint: KnownEndpoint;
  pieces: TextPiece[];
}

/**
 * Finds the deprecated endpoints named in strings, URL positions and request sites, and reports
 * each where its text is written: a constant that holds a path is reported at the constant, not
 * again at every call that uses it.
 */
export function findEndpointUses(catalog: Catalog, candidates: Candidate[], sites: RequestSite[]): EndpointFinding[] {
  const deprecated = catalog.endpoints.filter((endpoint) => endpoint.endpointItems.length > 0);
  if (deprecated.length === 0) return [];
  const matches = candidates.flatMap((candidate) => matchCandidate(candidate, deprecated));
  const findings = new Map<string, EndpointFinding>();
  const reportedRoots = new Set<string>();
  const report = (node: TSESTree.Node, endpoint: KnownEndpoint, via?: string) => {
    for (const item of endpoint.endpointItems) {
      const key = `${node.range[0]}:${node.range[1]}:${item.id}`;
      if (!findings.has(key)) findings.set(key, { kind: 'endpoint', node, item, ...(via ? { via } : {}) });
    }
  };
  const rootKey = (piece: TextPiece, endpoint: KnownEndpoint) => `${stringRootOf(piece.origin).range.join(':')}:${endpoint.path}`;
  // Text written in the candidate itself is reported there; remember its string so uses of it are not reported again.
  const writtenHere = (match: Match) => match.pieces.some((piece) => stringRootOf(piece.origin) === match.candidate.node);
  for (const match of matches) {
    if (writtenHere(match)) {
      report(match.candidate.node, match.endpoint);
      for (const piece of match.pieces) reportedRoots.add(rootKey(piece, match.endpoint));
    }
  }
  // Text pulled in from constants is reported at the first place that joins it (string expressions
  // come before call arguments), and that place stands for the constants from then on.
  for (const match of matches) {
    if (writtenHere(match)) continue;
    if (match.pieces.some((piece) => reportedRoots.has(rootKey(piece, match.endpoint)))) continue;
    report(match.candidate.node, match.endpoint);
    for (const piece of match.pieces) reportedRoots.add(rootKey(piece, match.endpoint));
  }
  for (const site of sites) {
    if (site.sdk && site.endpoint && site.endpoint.endpointItems.length > 0) report(site.sdk.callee, site.endpoint, site.sdk.name);
  }
  return [...findings.values()];
}

function matchCandidate(candidate: Candidate, endpoints: KnownEndpoint[]): Match[] {
  const { text, owners } = flatten(candidate.pattern);
  const matches: Match[] = [];
  for (const endpoint of endpoints) {
    const mention = mentionPattern(endpoint);
    mention.lastIndex = 0;
    let found: RegExpExecArray | null;
    let matched = false;
    while ((found = mention.exec(text))) {
      matches.push({ candidate, endpoint, pieces: piecesIn(owners, found.index, found.index + found[0].length) });
      matched = true;
    }
    if (!matched && candidate.urlPosition && endpoint.bareName) {
      const bare = barePattern(endpoint.bareName).exec(text);
      if (bare) {
        const start = bare.index + bare[1]!.length;
        matches.push({ candidate, endpoint, pieces: piecesIn(owners, start, start + endpoint.bareName.length) });
      }
    }
  }
  return matches;
}

const mentionPatterns = new WeakMap<KnownEndpoint, RegExp>();

/** The endpoint's path anywhere in a string (a log line or a URL), as long as it is not part of a longer name or path. */
function mentionPattern(endpoint: KnownEndpoint): RegExp {
  let pattern = mentionPatterns.get(endpoint);
  if (!pattern) {
    pattern = compilePath(endpoint.path, `(?![\\w-]|/[\\w{${HOLE}])`);
    mentionPatterns.set(endpoint, pattern);
  }
  return pattern;
}

/** `getusercount`, `/getusercount`, `${prefix}/getusercount`, optionally with a query: the whole value is the endpoint's name. */
function barePattern(name: string): RegExp {
  return new RegExp(`^(${HOLE}*/?)${name}(?:[?#].*)?$`);
}

function piecesIn(owners: (TextPiece | undefined)[], start: number, end: number): TextPiece[] {
  const pieces = new Set<TextPiece>();
  for (let i = start; i < end; i++) {
    const owner = owners[i];
    if (owner) pieces.add(owner);
  }
  return [...pieces];
}

/** The outermost string-building expression a literal belongs to (`a + 'x' + b`, a template literal). */
export function stringRootOf(node: TSESTree.Node): TSESTree.Node {
  let current: TSESTree.Node = node.type === TSESTree.AST_NODE_TYPES.TemplateElement ? (node.parent as TSESTree.Node) : node;
  while (current.parent && isStringBuilder(current.parent, current)) current = current.parent;
  return current;
}

function isStringBuilder(parent: TSESTree.Node, child: TSESTree.Node): boolean {
  if (parent.type === TSESTree.AST_NODE_TYPES.BinaryExpression) return parent.operator === '+';
  if (parent.type === TSESTree.AST_NODE_TYPES.TemplateLiteral) return parent.expressions.includes(child as TSESTree.Expression);
  return false;
}

/** Candidates from request sites whose URL was completed by a base or prefix (`axios.create({ baseURL })`, wrappers). */
export function siteCandidates(sites: RequestSite[]): Candidate[] {
  return sites.flatMap((site) => (site.hasBase && site.urlNode && site.url ? [{ node: site.urlNode, pattern: site.url, urlPosition: true }] : []));
}

export function evaluateCandidate(strings: StringEvaluator, node: TSESTree.Node, urlPosition: boolean): Candidate | undefined {
  const pattern = strings.evaluate(node);
  return pattern && pattern.length > 0 ? { node, pattern, urlPosition } : undefined;
}
