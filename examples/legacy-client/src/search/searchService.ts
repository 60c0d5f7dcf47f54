import { clientApi } from '../http/clientApi.js';
import { glean } from '../glean.js';

export interface SearchHit {
  title: string;
  url: string;
  snippet: string;
  trackingToken?: string;
}

export interface SearchPage {
  hits: SearchHit[];
  trackingToken?: string;
  requestId?: string;
}

/**
 * Intranet search box. `trackingToken` is the one returned by the previous
 * page, sent back for pagination and click attribution.
 */
export async function search(
  query: string,
  opts: { pageSize?: number; trackingToken?: string; hideArchived?: boolean } = {},
): Promise<SearchPage> {
  const { data } = await clientApi.post('/search', {
    query,
    pageSize: opts.pageSize ?? 10,
    trackingToken: opts.trackingToken,
    requestOptions: {
      facetBucketSize: 10,
      facetFilters: opts.hideArchived
        ? [{ fieldName: 'status', values: [{ value: 'Archived', isNegated: true }] }]
        : [],
    },
  });
  return {
    trackingToken: data.trackingToken,
    requestId: data.requestID,
    hits: (data.results ?? []).map((r: any) => ({
      title: r.title ?? r.url,
      url: r.url,
      snippet: r.snippets?.[0]?.snippet ?? '',
      trackingToken: r.trackingToken,
    })),
  };
}

export interface PersonHit {
  name: string;
  title?: string;
  location?: string;
  invitedAt?: Date;
  highlight: string;
  trackingToken?: string;
}

/** People finder, typed through the SDK. */
export async function findPeople(query: string): Promise<PersonHit[]> {
  const res = await glean.client.search.query({
    query,
    pageSize: 5,
    requestOptions: {
      facetBucketSize: 5,
      facetFilters: [{ fieldName: 'type', values: [{ value: 'person', relationType: 'EQUALS' }] }],
    },
  });
  return (res.results ?? []).map((r) => {
    const person = r.structuredResults?.[0]?.person;
    return {
      name: person?.name ?? r.title ?? '',
      title: person?.metadata?.title,
      location: person?.metadata?.location,
      invitedAt: person?.metadata?.inviteInfo?.inviteTime,
      highlight: (r.snippets ?? []).map((s) => s.text ?? '').join(' … '),
      trackingToken: r.trackingToken,
    };
  });
}

export interface DocHit {
  title: string;
  url: string;
  reactionCount: number;
  canEdit: boolean;
  trackingToken?: string;
}

/** Document results with social signals for the "popular this week" rail. */
export async function popularDocs(query: string): Promise<{ hits: DocHit[]; trackingToken?: string }> {
  const res = await glean.client.search.query({ query, pageSize: 20 });
  const hits = (res.results ?? []).map((r) => ({
    title: r.title ?? r.url,
    url: r.url,
    reactionCount: r.document?.metadata?.interactions?.reactions?.length ?? 0,
    canEdit: r.document?.metadata?.viewerInfo?.role === 'OWNER',
    trackingToken: r.trackingToken,
  }));
  return { hits, trackingToken: res.trackingToken };
}
