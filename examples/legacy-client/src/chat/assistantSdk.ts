import type { ChatMessage, ChatResponse } from '@gleanwork/api-client/models/components';
import { glean } from '../glean.js';
import { inlineSources, type FormattedSource } from './formatResponse.js';

/** Our name for the SDK's chat message. */
export type AssistantMessage = ChatMessage;

const { client } = glean;

function textOf(message: AssistantMessage | undefined): string {
  return (message?.fragments ?? []).map((f) => f.text ?? '').join('');
}

/** Slack bot: one-shot question through the SDK. */
export async function askWithSdk(question: string): Promise<{ text: string; sources: FormattedSource[]; legacySourceCount: number }> {
  const response: ChatResponse = await client.chat.create({
    messages: [{ author: 'USER', messageType: 'CONTENT', fragments: [{ text: question }] }],
    saveChat: false,
  });
  const last = response.messages?.at(-1);
  const legacySources = response.messages?.flatMap((m) => m.citations ?? []) ?? [];
  return {
    text: textOf(last),
    sources: last ? inlineSources(last) : [],
    legacySourceCount: legacySources.length,
  };
}

/** Slack bot: follow-up in a thread, replaying what the bot has stored. */
export async function followUp(chatId: string, stored: AssistantMessage[], question: string) {
  const replay: AssistantMessage[] = stored.map((m) => ({
    author: m.author,
    messageType: m.messageType,
    fragments: m.fragments,
    citations: m.citations,
  }));
  const res = await glean.client.chat.create({
    chatId,
    saveChat: true,
    messages: [...replay, { author: 'USER', fragments: [{ text: question }] }],
  });
  return res.messages ?? [];
}

/** Experimental: the newer platform chat endpoint, used behind a flag. */
export async function askPlatform(question: string) {
  const res = await glean.chat.create({ input: question, store: false });
  const content = res.output.flatMap((o) => o.content);
  return {
    text: content.map((c) => c.text).join(''),
    citations: content.flatMap((c) => c.annotations ?? []).flatMap((a) => a.snippets ?? []).map((s) => s.text),
  };
}
