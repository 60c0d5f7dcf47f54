import { actAsProblems } from '../src/tokens/act-as.js';
import { BUNDLED_TOKEN_TYPES, checkTokenType, createTokenRule, tokenFileFor } from '../src/tokens/rule.js';

export interface ActAsHeaderOptions {
  tokenType?: string;
}

export const actAsHeader = createTokenRule<[ActAsHeaderOptions], 'missing' | 'forbidden' | 'notEmail'>({
  name: 'act-as-header',
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the act-as header the token type needs, and an e-mail address as its value' },
    // ESLint 10 reads defaults from meta; RuleCreator's top-level defaultOptions serve typescript-eslint.
    defaultOptions: [{}],
    messages: {
      missing:
        '{{endpoint}} is sent without the {{header}} header, which a {{tokenType}} token needs: the service refuses the request with 400 (required header missing). Add {{header}} with the e-mail address of the user to act as.',
      forbidden:
        '{{header}} is set, but a {{tokenType}} token acts only as the user it was created for and sends Authorization alone: remove the header (it is for {{actAsTypes}} tokens).',
      notEmail: 'This {{header}} value is not an e-mail address: the service refuses the request with 401 (invalid identity). Send the e-mail address of an existing user.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          tokenType: {
            type: 'string',
            // A misspelt type fails ESLint's option validation rather than crashing the lint.
            enum: BUNDLED_TOKEN_TYPES,
            description: `The permissions of the token the code runs with (${BUNDLED_TOKEN_TYPES.join(' or ')}). Without it, only act-as values are checked.`,
          },
        },
        additionalProperties: false,
      },
    ],
  },
  defaultOptions: [{}],
  create(context, [{ tokenType }]) {
    const { settings, tokens } = tokenFileFor(context, { actAs: true });
    checkTokenType(tokenType, settings, 'act-as-header');
    if (!tokens) return {};
    return {
      Program() {
        for (const problem of actAsProblems(tokens(), tokenType)) context.report(problem);
      },
    };
  },
});
