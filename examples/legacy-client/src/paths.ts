// Endpoint paths, kept in one place so that a version bump is a one-line change.

export const CLIENT_API_PREFIX = '/rest/api/v1';

export const PATHS = {
  SEARCH: '/rest/api/v1/search',
  CHAT: '/rest/api/v1/chat',
  GET_ANSWER: '/rest/api/v1/getanswer',
  GET_COLLECTION: '/rest/api/v1/getcollection',
  INSIGHTS: '/rest/api/v1/insights',
  CREATE_ANNOUNCEMENT: '/rest/api/v1/createannouncement',
  POLICY: (id: string) => `/rest/api/v1/governance/data/policies/${encodeURIComponent(id)}`,
  INDEX_EMPLOYEE: '/api/index/v1/indexemployee',
  USER_COUNT: '/api/index/v1/getusercount',
  DEBUG_DATASOURCE_STATUS: (datasource: string) => `/api/index/v1/debug/${datasource}/status`,
} as const;

export type PathKey = keyof typeof PATHS;
