import { createSunsetRule } from '../src/judge/sunset-rule.js';

export const noDeprecatedApi = createSunsetRule({
  name: 'no-deprecated-api',
  description: 'Warn about uses of API fields and endpoints that are deprecated and scheduled for removal',
  statuses: { scheduled: 'scheduled' },
  messages: {
    scheduled: '{{subject}} is deprecated and will be removed on {{date}}, {{days}}; {{advice}}.',
  },
});
