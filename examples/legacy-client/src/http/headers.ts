import { env } from '../config/env.js';

/** Headers for Client API calls (search, chat, announcements, ...). */
export function clientHeaders(actAs: string | undefined = env.GLEAN_ACT_AS): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${env.GLEAN_API_TOKEN}`,
    ...(actAs ? { 'X-Service-ActAs': actAs } : {}),
  };
}

/** Headers for Indexing API calls. Indexing tokens never act as a user. */
export function indexingHeaders(): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${env.GLEAN_INDEXING_TOKEN}`,
  };
}
