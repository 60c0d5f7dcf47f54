import axios, { type AxiosRequestConfig } from 'axios';
import { indexingPeopleCount } from '@gleanwork/api-client/funcs/indexingPeopleCount.js';
import { env } from '../config/env.js';
import { indexingHeaders } from '../http/headers.js';
import { indexApi, post } from '../http/indexApi.js';
import { PATHS } from '../paths.js';
import { gleanCore, gleanIndexing } from '../glean.js';

export interface DatasourceHealth {
  datasource: string;
  documents: number;
  users?: number;
  checkedAt: string;
}

/** Count of documents in a custom datasource, shown on the admin dashboard. */
export async function documentCount(datasource: string): Promise<number> {
  const body = { datasource };
  const res = await indexApi.post<{ documentCount?: number }>('getdocumentcount', body);
  return res.documentCount ?? 0;
}

/** Used by the "why is my page not searchable?" support tool. */
export async function documentStatus(docId: string, objectType = 'Page') {
  const status = await post('getdocumentstatus', {
    datasource: env.WIKI_DATASOURCE,
    objectType,
    docId,
  });
  return {
    uploaded: status.uploadStatus === 'UPLOADED',
    indexed: status.indexingStatus === 'INDEXED',
    lastIndexedAt: status.lastIndexedAt ? new Date(status.lastIndexedAt * 1000) : null,
  };
}

/** Number of people the HR datasource knows about. */
export async function userCount(datasource: string = env.HR_DATASOURCE): Promise<number> {
  const config: AxiosRequestConfig = {
    method: 'post',
    baseURL: env.GLEAN_URL,
    url: PATHS.USER_COUNT,
    headers: indexingHeaders(),
    data: { datasource },
  };
  const { data } = await axios.request(config);
  return data.userCount ?? 0;
}

/** Same number through the standalone SDK function (used by the CLI). */
export async function userCountViaSdk(datasource: string = env.HR_DATASOURCE): Promise<number> {
  const result = await indexingPeopleCount(gleanCore, { datasource });
  if (!result.ok) {
    throw result.error;
  }
  return result.value.userCount ?? 0;
}

/** Newer endpoint, already migrated: richer status for one datasource. */
export async function datasourceStatus(datasource: string) {
  const { data } = await axios.post(PATHS.DEBUG_DATASOURCE_STATUS(datasource), {}, {
    baseURL: env.GLEAN_URL,
    headers: indexingHeaders(),
  });
  return data;
}

export async function healthReport(): Promise<DatasourceHealth[]> {
  const out: DatasourceHealth[] = [];
  for (const datasource of [env.WIKI_DATASOURCE, env.HR_DATASOURCE]) {
    const { documentCount } = await gleanIndexing.indexing.documents.count({ datasource });
    out.push({
      datasource,
      documents: documentCount ?? 0,
      users: datasource === env.HR_DATASOURCE ? await userCount(datasource) : undefined,
      checkedAt: new Date().toISOString(),
    });
  }
  return out;
}
