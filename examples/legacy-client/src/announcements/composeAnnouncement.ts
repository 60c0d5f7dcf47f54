import { BASE_URL } from '../config/env.js';
import { clientHeaders } from '../http/headers.js';

export interface RelatedDoc {
  id: string;
  title: string;
  url: string;
}

export interface AnnouncementDraft {
  title: string;
  summary: string;
  sourceUrl: string;
  sourceTitle: string;
  sourceDocId?: string;
  audience: { departments: string[]; excludeContractors?: boolean };
  relatedDocs?: RelatedDoc[];
  faq?: { answerId: number; boardId?: number };
  startsAt: Date;
  endsAt: Date;
  priority?: boolean;
}

type FilterValue = { value: string; relationType?: string; isNegated?: boolean };
type AudienceFilter = { fieldName: string; values: FilterValue[] };

const DEFAULT_EMOJI = '📣';
const MAX_SNIPPET = 280;

function audienceFilters(audience: AnnouncementDraft['audience']): AudienceFilter[] {
  const filters: AudienceFilter[] = [
    {
      fieldName: 'department',
      values: audience.departments.map((d) => ({ value: d, relationType: 'EQUALS' })),
    },
  ];
  if (audience.excludeContractors) {
    filters.push({ fieldName: 'type', values: [{ value: 'contractor', isNegated: true }] });
  }
  return filters;
}

function truncate(text: string, max: number) {
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}

/** Posts an announcement built by the comms team in the admin UI. */
export async function publishAnnouncement(draft: AnnouncementDraft): Promise<{ id: number }> {
  const base = {
    title: draft.title,
    emoji: DEFAULT_EMOJI,
    startTime: draft.startsAt.toISOString(),
    endTime: draft.endsAt.toISOString(),
  };

  const highlight = { url: draft.sourceUrl, snippet: '' };
  highlight.snippet = truncate(draft.summary, MAX_SNIPPET);

  const sourceDocument = {
    id: draft.sourceDocId,
    title: draft.sourceTitle,
    url: draft.sourceUrl,
    metadata: {
      viewerInfo: { role: 'OWNER' },
      interactions: { reactions: ['thumbsup', 'tada'] },
    },
  };

  const payload: Record<string, any> = {
    ...base,
    audienceFilters: audienceFilters(draft.audience),
    body: {
      text: draft.summary,
      structuredList: [
        {
          structuredResult: {
            document: sourceDocument,
            snippets: [highlight],
            relatedDocuments: draft.relatedDocs?.length
              ? [
                  {
                    relation: 'ATTACHMENT',
                    documents: draft.relatedDocs.map((d) => ({ id: d.id, title: d.title, url: d.url })),
                  },
                ]
              : undefined,
          },
        },
      ],
    },
  };

  if (draft.faq) {
    payload.body.structuredList.push({
      structuredResult: {
        answer: { id: draft.faq.answerId, boardId: draft.faq.boardId },
      },
    });
  }
  if (draft.priority) {
    payload.isPrioritized = true;
  }

  const res = await fetch(`${BASE_URL}/rest/api/v1/createannouncement`, {
    method: 'POST',
    headers: clientHeaders(),
    body: JSON.stringify(payload),
  });
  if (!res.ok) {
    throw new Error(`createannouncement failed: ${res.status}`);
  }
  return (await res.json()) as { id: number };
}

/** Short plain-text announcement, no cards. */
export async function publishPlainAnnouncement(title: string, text: string, days = 3) {
  const now = Date.now();
  const res = await fetch(`${BASE_URL}/rest/api/v1/createannouncement`, {
    method: 'POST',
    headers: clientHeaders(),
    body: JSON.stringify({
      title,
      startTime: new Date(now).toISOString(),
      endTime: new Date(now + days * 86_400_000).toISOString(),
      body: { text, structuredList: [{ text, structuredResult: { snippets: [{ text }] } }] },
    }),
  });
  return res.ok;
}
