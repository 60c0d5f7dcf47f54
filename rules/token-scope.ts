import { checkScopeNames, createTokenRule, SCOPE_NAME, tokenFileFor } from '../src/tokens/rule.js';
import { endpointLabel } from '../src/tokens/file-tokens.js';

export interface TokenScopeOptions {
  scopes?: string[];
}

export const tokenScope = createTokenRule<[TokenScopeOptions], 'missingScope'>({
  name: 'token-scope',
  meta: {
    type: 'problem',
    docs: { description: "Disallow requests to endpoints whose scope the service token's scopes do not cover" },
    // ESLint 10 reads defaults from meta; RuleCreator's top-level defaultOptions serve typescript-eslint.
    defaultOptions: [{}],
    messages: {
      missingScope:
        '{{endpoint}} needs the {{scope}} scope, which the token does not have ({{scopes}}): the service refuses the request with 403. Create a token that includes {{scope}} (scopes cannot be changed after creation) or stop calling this endpoint.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          scopes: {
            type: 'array',
            // Scope names are data (a schedule may add some): their form here, the names themselves at create.
            items: { type: 'string', pattern: SCOPE_NAME.source },
            uniqueItems: true,
            description: 'The scopes of the token the code runs with (see `api-sunset scopes`).',
          },
        },
        additionalProperties: false,
      },
    ],
  },
  defaultOptions: [{}],
  create(context, [{ scopes }]) {
    const { settings, tokens } = tokenFileFor(context);
    if (scopes === undefined) {
      throw new Error(`api-sunset/token-scope: set "scopes" to the token's scopes, e.g. ['error', { scopes: ['SEARCH', 'CHAT'] }]; "api-sunset scopes" prints the scopes the code needs.`);
    }
    checkScopeNames(scopes, settings, 'token-scope');
    if (!tokens) return {};
    const held = scopes.length > 0 ? scopes.join(', ') : 'no scopes';
    return {
      Program() {
        for (const { site, endpoint } of tokens().requests()) {
          const scope = endpoint.scope;
          if (!scope || scopes.includes(scope)) continue;
          context.report({ node: site.sdk?.callee ?? site.urlNode ?? site.call, messageId: 'missingScope', data: { endpoint: endpointLabel(endpoint), scope, scopes: held } });
        }
      },
    };
  },
});
