import { Glean } from '@gleanwork/api-client';
import { GleanCore } from '@gleanwork/api-client/core.js';
import { env } from './config/env.js';

// Full SDK client, used by most modules.
export const glean = new Glean({
  apiToken: process.env.GLEAN_API_TOKEN,
  instance: env.GLEAN_INSTANCE,
});

// Indexing calls need the indexing token.
export const gleanIndexing = new Glean({
  apiToken: env.GLEAN_INDEXING_TOKEN,
  instance: env.GLEAN_INSTANCE,
});

// Tree-shakable core client for the standalone functions in
// @gleanwork/api-client/funcs/*.
export const gleanCore = new GleanCore({
  apiToken: env.GLEAN_INDEXING_TOKEN,
  instance: env.GLEAN_INSTANCE,
});
