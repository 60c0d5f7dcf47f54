// Central place for configuration. Everything comes from the environment so the
// same build runs against the staging and the production tenant.

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`Missing required environment variable ${name}`);
  }
  return value;
}

const instance = process.env.GLEAN_INSTANCE ?? 'acme';

export const env = {
  GLEAN_INSTANCE: instance,
  // e.g. https://acme-be.glean.com
  GLEAN_URL: process.env.GLEAN_URL ?? `https://${instance}-be.glean.com`,
  GLEAN_API_TOKEN: process.env.GLEAN_API_TOKEN ?? '',
  GLEAN_INDEXING_TOKEN: process.env.GLEAN_INDEXING_TOKEN ?? '',
  // set only when the token is a GLOBAL token
  GLEAN_ACT_AS: process.env.GLEAN_ACT_AS,
  HR_DATASOURCE: process.env.HR_DATASOURCE ?? 'workdayhr',
  WIKI_DATASOURCE: process.env.WIKI_DATASOURCE ?? 'intranetwiki',
  PORT: Number(process.env.PORT ?? 8080),
  requireTokens() {
    required('GLEAN_API_TOKEN');
    required('GLEAN_INDEXING_TOKEN');
  },
};

export const BASE_URL = env.GLEAN_URL;

// Prefix for the indexing endpoints; the wrapper in http/indexApi.ts appends the
// endpoint name to it.
export const INDEX_API_PREFIX = `${env.GLEAN_URL}/api/index/v1/`;
