import { createSunsetRule } from '../src/judge/sunset-rule.js';

export const noRemovedApi = createSunsetRule({
  name: 'no-removed-api',
  description: 'Disallow uses of API fields and endpoints that the service has removed or removes within the imminent window',
  statuses: { removed: 'removed', imminent: 'imminent' },
  messages: {
    removed: '{{subject}} was removed on {{date}}, {{days}}; {{advice}}.',
    imminent: '{{subject}} will be removed on {{date}}, {{days}}; {{advice}}.',
  },
});
