import { createTokenRule, tokenFileFor } from '../src/tokens/rule.js';

export const noHardcodedToken = createTokenRule({
  name: 'no-hardcoded-token',
  meta: {
    type: 'problem',
    docs: { description: 'Disallow service tokens written into the source: in the Authorization header of a request to the service or in the SDK client' },
    messages: {
      header:
        'A token secret is written into the source and sent as the Authorization header: once it leaks with the code it cannot be rotated quietly (the secret is shown only once, so a new token must be created and rolled out). Read it from the environment or a secret store.',
      sdk: "A token secret is written into the source and given to the SDK client's {{option}} option: once it leaks with the code it cannot be rotated quietly (the secret is shown only once, so a new token must be created and rolled out). Read it from the environment or a secret store.",
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const { settings, tokens } = tokenFileFor(context);
    if (!tokens) return {};
    return {
      Program() {
        for (const { node, where } of tokens().hardcodedTokens()) {
          context.report({ node, messageId: where, data: { option: settings.schedule.sdk.tokenOption ?? '' } });
        }
      },
    };
  },
});
