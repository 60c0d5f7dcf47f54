import type { TSESTree } from '../ts-eslint-lite.js';
import { isEmailAddress } from './auth.js';
import { endpointLabel, type TokenFile } from './file-tokens.js';

export type ActAsMessageId = 'missing' | 'forbidden' | 'notEmail';

export interface ActAsProblem {
  node: TSESTree.Node;
  messageId: ActAsMessageId;
  data: Record<string, string>;
}

/**
 * The act-as header against the token type: a type whose headers include it (GLOBAL) needs it on
 * every Client API request whose headers are fully known and visibly authenticated; a type
 * without it (USER) must not set it anywhere. A literal value that is not an e-mail address fails
 * whatever the type.
 */
export function actAsProblems(tokens: TokenFile, tokenType: string | undefined): ActAsProblem[] {
  const { scheme } = tokens;
  if (!scheme.actAs) return [];
  const problems: ActAsProblem[] = [];
  const sendsActAs = tokenType === undefined ? undefined : scheme.tokenTypes.get(tokenType);
  const actAsTypes = [...scheme.tokenTypes].filter(([, sends]) => sends).map(([name]) => name).join(' or ');
  for (const write of tokens.actAsWrites()) {
    if (sendsActAs === false) {
      problems.push({ node: write.node, messageId: 'forbidden', data: { header: write.header, tokenType: tokenType!, actAsTypes } });
      continue;
    }
    if (!write.value) continue;
    for (const branch of tokens.staticBranches(write.value)) {
      if (!isEmailAddress(branch.text)) problems.push({ node: branch.node, messageId: 'notEmail', data: { header: write.header } });
    }
  }
  if (sendsActAs === true) {
    for (const { site, endpoint } of tokens.requests()) {
      // Indexing API requests never act as a user.
      if (endpoint.api !== 'client') continue;
      const headers = tokens.headersOf(site);
      if (!headers?.complete || !(headers.sdkAuth || tokens.has(headers, scheme.authorization.lower)) || tokens.has(headers, scheme.actAs.lower)) continue;
      problems.push({
        node: headers.inlineHeaders ?? site.sdk?.callee ?? site.call.callee,
        messageId: 'missing',
        data: { endpoint: endpointLabel(endpoint), header: scheme.actAs.name, tokenType: tokenType! },
      });
    }
  }
  return problems;
}
