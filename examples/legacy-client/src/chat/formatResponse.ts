import type { ChatMessage } from '@gleanwork/api-client/models/components';

export interface FormattedSource {
  title: string;
  url: string;
  quote?: string;
}

export interface FormattedAnswer {
  chatId?: string;
  text: string;
  sources: FormattedSource[];
  followUps: string[];
}

const HIGHLIGHT_MARKERS = /[\uE006\uE007]/g;

function toSource(citation: any): FormattedSource {
  const doc = citation.sourceDocument ?? citation.sourcePerson ?? {};
  const quote = citation.referenceRanges?.[0]?.snippets?.[0]?.snippet;
  return {
    title: doc.title ?? doc.name ?? 'Untitled',
    url: doc.url ?? '',
    quote: quote ? quote.replace(HIGHLIGHT_MARKERS, '') : undefined,
  };
}

function dedupe(sources: FormattedSource[]): FormattedSource[] {
  const seen = new Set<string>();
  return sources.filter((s) => (seen.has(s.url) ? false : (seen.add(s.url), true)));
}

/**
 * Turns the raw /chat JSON into what the Slack bot and the web widget render.
 * Receives the parsed body as-is.
 */
export function formatResponse(chatResponse: any): FormattedAnswer {
  const messages = (chatResponse.messages ?? []).filter(
    (m: any) => m.author === 'GLEAN_AI' && (m.messageType ?? 'CONTENT') === 'CONTENT',
  );
  const text = messages
    .flatMap((m: any) => m.fragments ?? [])
    .map((f: any) => f.text ?? '')
    .join('');
  const sources = dedupe(messages.flatMap((m: any) => m.citations ?? []).map(toSource));
  return {
    chatId: chatResponse.chatId,
    text,
    sources,
    followUps: chatResponse.followUpPrompts ?? [],
  };
}

/** Telemetry: how many sources each assistant turn cited. */
export function citationStats(chatResponse: any): number[] {
  return chatResponse.messages.map((m: any) => m.citations).map((c: any[] | undefined) => c?.length ?? 0);
}

export function citationCount(message: any): number {
  const citations = message.citations ?? [];
  return citations.length;
}

/** Slack renderer: footnotes under the answer. */
export function slackFootnotes(message: any): string {
  const { citations = [], fragments = [] } = message;
  const body = fragments.map((f: any) => f.text).join('');
  const notes = citations.map((c: any, i: number) => `[${i + 1}] <${c.sourceDocument?.url}|${c.sourceDocument?.title}>`);
  return [body, ...notes].join('\n');
}

/** Inline citations on fragments (the newer shape). */
export function inlineSources(message: ChatMessage): FormattedSource[] {
  return (message.fragments ?? [])
    .map((fragment) => fragment.citation)
    .filter((c): c is NonNullable<typeof c> => Boolean(c))
    .map((citation) => ({
      title: citation.sourceDocument?.title ?? 'Untitled',
      url: citation.sourceDocument?.url ?? '',
      quote: citation.referenceRanges?.[0]?.snippets?.[0]?.text,
    }));
}
