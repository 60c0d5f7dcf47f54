import { INDEX_API_PREFIX } from '../config/env.js';
import { indexingHeaders } from './headers.js';

export class IndexApiError extends Error {
  constructor(
    readonly endpoint: string,
    readonly status: number,
    body: string,
  ) {
    super(`indexing call ${endpoint} failed with ${status}: ${body.slice(0, 200)}`);
  }
}

/**
 * Thin wrapper around the Indexing API: `post('indexemployee', body)`.
 * The endpoint is the bare name; the prefix comes from config/env.ts.
 */
export async function post<T = any>(endpoint: string, body: unknown): Promise<T> {
  const res = await fetch(INDEX_API_PREFIX + endpoint, {
    method: 'POST',
    headers: indexingHeaders(),
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    throw new IndexApiError(endpoint, res.status, await res.text());
  }
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const indexApi = {
  post,
  async postWithRetry<T = any>(endpoint: string, body: unknown, attempts = 3): Promise<T> {
    let lastError: unknown;
    for (let i = 0; i < attempts; i++) {
      try {
        return await post<T>(endpoint, body);
      } catch (err) {
        lastError = err;
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** i));
      }
    }
    throw lastError;
  },
};
