import { BASE_URL } from '../config/env.js';
import { clientHeaders } from '../http/headers.js';
import { clientApi } from '../http/clientApi.js';
import { PATHS } from '../paths.js';
import { glean } from '../glean.js';

export interface CollectionCard {
  id: number;
  name: string;
  itemCount: number;
  trackingToken?: string;
}

/** Collection tile on the intranet home page. */
export async function collectionCard(id: number): Promise<CollectionCard> {
  const res = await glean.client.collections.retrieve({ id, withItems: false });
  if (res.error || !res.collection) {
    throw new Error(`collection ${id} not available`);
  }
  return {
    id,
    name: res.collection.name,
    itemCount: res.collection.itemCount ?? 0,
    trackingToken: res.trackingToken,
  };
}

/** Same tile for the server-rendered page, which does not load the SDK. */
export function collectionCardRaw(id: number): Promise<CollectionCard> {
  return fetch(`${BASE_URL}${PATHS.GET_COLLECTION}`, {
    method: 'POST',
    headers: clientHeaders(),
    body: JSON.stringify({ id, withItems: false }),
  })
    .then((r) => r.json())
    .then((data: any) => ({
      id,
      name: data.collection?.name ?? '',
      itemCount: data.collection?.itemCount ?? 0,
      trackingToken: data.trackingToken,
    }));
}

/** Sidebar list: every collection with its own tracking token. */
export async function listCollections(): Promise<CollectionCard[]> {
  const { data } = await clientApi.post('/listcollections', {});
  return (data.collections ?? []).map((c: any) => ({
    id: c.id,
    name: c.name,
    itemCount: c.itemCount ?? 0,
    trackingToken: c.trackingToken,
  }));
}

/** Click-tracking for the tile, already on the new field. */
export async function collectionClickToken(id: number): Promise<string | undefined> {
  const res = await glean.client.collections.retrieve({ id });
  return res.collection?.trackingToken;
}
