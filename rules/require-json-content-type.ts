import { contentTypeProblems } from '../src/tokens/content-type.js';
import { createTokenRule, tokenFileFor } from '../src/tokens/rule.js';

export const requireJsonContentType = createTokenRule({
  name: 'require-json-content-type',
  meta: {
    type: 'problem',
    docs: { description: 'Require `Content-Type: application/json` on requests to the service that send a body' },
    fixable: 'code',
    messages: {
      missing: '{{endpoint}} is sent with a body but without Content-Type: application/json, which the service requires on every request with a body. Add the header.',
      wrong: '{{endpoint}} is sent with Content-Type: {{value}}, but the service takes JSON bodies only and requires Content-Type: application/json. Send that instead.',
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    const { tokens } = tokenFileFor(context);
    if (!tokens) return {};
    return {
      Program() {
        for (const problem of contentTypeProblems(tokens(), context.sourceCode)) context.report(problem);
      },
    };
  },
});
