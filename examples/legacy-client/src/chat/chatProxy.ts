import { BASE_URL } from '../config/env.js';
import { clientHeaders } from '../http/headers.js';
import { formatResponse, type FormattedAnswer } from './formatResponse.js';

/** A turn as the web widget keeps it in local storage. */
export interface HistoryTurn {
  role: 'user' | 'assistant';
  text: string;
  citations?: unknown[];
}

export class ChatProxyError extends Error {}

/**
 * Proxies a question from the web widget to the assistant, replaying the
 * conversation so far so that the assistant keeps context.
 */
export async function askAssistant(
  question: string,
  history: HistoryTurn[],
  opts: { chatId?: string; actAs?: string; timeoutMs?: number } = {},
): Promise<FormattedAnswer> {
  const response = await fetch(`${BASE_URL}/rest/api/v1/chat`, {
    method: 'POST',
    headers: clientHeaders(opts.actAs),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
    body: JSON.stringify({
      chatId: opts.chatId,
      saveChat: Boolean(opts.chatId),
      messages: [
        ...history.map((turn) => ({
          author: turn.role === 'user' ? 'USER' : 'GLEAN_AI',
          messageType: 'CONTENT',
          fragments: [{ text: turn.text }],
          citations: turn.citations,
        })),
        { author: 'USER', messageType: 'CONTENT', fragments: [{ text: question }] },
      ],
    }),
  });
  if (!response.ok) {
    throw new ChatProxyError(`chat failed: ${response.status}`);
  }
  const chatResponse = await response.json();
  return formatResponse(chatResponse);
}
