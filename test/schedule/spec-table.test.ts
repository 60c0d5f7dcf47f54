import { describe, expect, it } from 'vitest';
import { loadBundledSchedule } from '../../src/schedule/index.js';

/**
 * The spec's "Deprecated fields and endpoints" table, copied row by row:
 * id, API, what (field name or "endpoint"), endpoint, replacement as the spec states it, removal date.
 */
const SPEC_TABLE: [string, string, string, string, string, string][] = [
  ['insights.searchSessionSatisfaction', 'client', 'searchSessionSatisfaction', 'POST /rest/api/v1/insights', 'none; contact support', '2027-01-15'],
  ['getanswer.trackingToken', 'client', 'trackingToken', 'POST /rest/api/v1/getanswer', 'answer.trackingToken', '2027-01-15'],
  ['getcollection.trackingToken', 'client', 'trackingToken', 'POST /rest/api/v1/getcollection', 'collection.trackingToken', '2027-01-15'],
  ['chat.citations', 'client', 'citations', 'POST /rest/api/v1/chat', 'ChatMessageFragment.citation with ChatMessageCitation.referenceRanges', '2026-10-15'],
  ['indexemployee.location', 'indexing', 'location', 'POST /api/index/v1/indexemployee', 'none', '2026-10-15'],
  ['createannouncement.isNegated', 'client', 'isNegated', 'POST /rest/api/v1/createannouncement', 'relationType', '2026-10-15'],
  ['createannouncement.documents', 'client', 'documents', 'POST /rest/api/v1/createannouncement', 'none', '2026-10-15'],
  ['createannouncement.boardId', 'client', 'boardId', 'POST /rest/api/v1/createannouncement', 'none; answer boards are no longer supported', '2026-10-15'],
  ['createannouncement.snippet', 'client', 'snippet', 'POST /rest/api/v1/createannouncement', 'text', '2026-10-15'],
  ['createannouncement.inviteTime', 'client', 'inviteTime', 'POST /rest/api/v1/createannouncement', 'ChannelInviteInfo', '2026-10-15'],
  ['createannouncement.reminderTime', 'client', 'reminderTime', 'POST /rest/api/v1/createannouncement', 'ChannelInviteInfo', '2026-10-15'],
  ['createannouncement.reactions', 'client', 'reactions', 'POST /rest/api/v1/createannouncement', 'reacts', '2026-10-15'],
  ['createannouncement.role', 'client', 'role', 'POST /rest/api/v1/createannouncement', 'permissions', '2026-10-15'],
  ['policy.sensitiveInfoTypes', 'client', 'sensitiveInfoTypes', 'GET /rest/api/v1/governance/data/policies/{id}', 'sensitiveContentOptions | customSensitiveExpressions', '2026-10-15'],
  ['policy.likelihoodThreshold', 'client', 'likelihoodThreshold', 'GET /rest/api/v1/governance/data/policies/{id}', 'none', '2026-10-15'],
  ['policy.urlGreenlist', 'client', 'urlGreenlist', 'GET /rest/api/v1/governance/data/policies/{id}', 'none', '2026-10-15'],
  ['policy.datasources', 'client', 'datasources', 'GET /rest/api/v1/governance/data/policies/{id}', 'datasourceInstances', '2026-10-15'],
  ['policy.externalSharingOptions', 'client', 'externalSharingOptions', 'GET /rest/api/v1/governance/data/policies/{id}', 'broadSharingOptions', '2026-10-15'],
  ['policy.enabled', 'client', 'enabled', 'GET /rest/api/v1/governance/data/policies/{id}', 'none', '2026-10-15'],
  ['policy.anyoneWithLinkEnabled', 'client', 'anyoneWithLinkEnabled', 'GET /rest/api/v1/governance/data/policies/{id}', 'none', '2026-10-15'],
  ['policy.sensitiveTerms', 'client', 'sensitiveTerms', 'GET /rest/api/v1/governance/data/policies/{id}', 'customSensitiveExpressions', '2026-10-15'],
  ['policy.sensitiveRegexes', 'client', 'sensitiveRegexes', 'GET /rest/api/v1/governance/data/policies/{id}', 'customSensitiveExpressions', '2026-10-15'],
  ['bulkindexemployees', 'indexing', 'endpoint', 'POST /api/index/v1/bulkindexemployees', 'none', '2026-10-15'],
  ['getdocumentcount', 'indexing', 'endpoint', 'POST /api/index/v1/getdocumentcount', 'none', '2026-10-15'],
  ['getdocumentstatus', 'indexing', 'endpoint', 'POST /api/index/v1/getdocumentstatus', 'none', '2026-10-15'],
  ['getusercount', 'indexing', 'endpoint', 'POST /api/index/v1/getusercount', 'none', '2026-10-15'],
  ['listanswers', 'client', 'endpoint', 'POST /rest/api/v1/listanswers', 'none', '2026-10-15'],
];

describe('bundled schedule against the spec table', () => {
  const schedule = loadBundledSchedule();

  it('has exactly the 27 rows, in the spec order, with the stable ids', () => {
    expect(schedule.items.map((item) => item.id)).toEqual(SPEC_TABLE.map((row) => row[0]));
  });

  it.each(SPEC_TABLE)('%s matches its row', (id, api, what, endpoint, replacement, removal) => {
    const item = schedule.items.find((candidate) => candidate.id === id)!;
    expect(item.api).toBe(api);
    expect(item.kind).toBe(what === 'endpoint' ? 'endpoint' : 'field');
    if (what !== 'endpoint') expect(item.field).toBe(what);
    expect(item.endpoint).toBe(endpoint);
    expect(item.notices.map((notice) => notice.replacement).join(' | ')).toBe(replacement);
    expect(item.removal).toBe(removal);
  });

  it('keeps the two sensitiveInfoTypes notices apart, each on its own schema object', () => {
    const item = schedule.items.find((candidate) => candidate.id === 'policy.sensitiveInfoTypes')!;
    expect(item.notices.map((notice) => notice.schema?.object)).toEqual(['DlpConfig', 'SensitiveContentOptions']);
  });

  it('keeps the spec notes', () => {
    const note = (id: string) => schedule.items.find((item) => item.id === id)!.notices[0]!.note;
    expect(note('insights.searchSessionSatisfaction')).toBe('contact support');
    expect(note('createannouncement.boardId')).toBe('answer boards are no longer supported');
    expect(note('listanswers')).toBe('answer boards have been removed');
  });

  it('gives removed endpoints the replacement endpoints from the notes', () => {
    const to = (id: string) => schedule.items.find((item) => item.id === id)!.notices[0]!.migration.to;
    expect(to('getdocumentcount')).toBe('POST /api/index/v1/debug/{datasource}/status');
    expect(to('getusercount')).toBe('POST /api/index/v1/debug/{datasource}/status');
    expect(to('getdocumentstatus')).toBe('POST /api/index/v1/debug/{datasource}/document');
  });

  it('marks exactly the safe renames of the notes as autofixable', () => {
    const auto = schedule.items.filter((item) => item.notices.some((notice) => notice.migration.fix === 'auto')).map((item) => item.id);
    expect(auto).toEqual(['getanswer.trackingToken', 'getcollection.trackingToken', 'createannouncement.snippet', 'policy.datasources', 'policy.externalSharingOptions']);
  });

  it('knows the SDK method of every endpoint item', () => {
    const sdk = (endpoint: string) => schedule.endpoints.find((info) => info.endpoint === endpoint)?.sdkMethods;
    for (const item of schedule.items) expect(sdk(item.endpoint), item.id).toBeDefined();
    expect(sdk('POST /api/index/v1/getdocumentcount')).toEqual(['indexing.documents.count']);
  });

  it('holds the auth facts as data', () => {
    expect(schedule.auth.actAsHeader?.name).toBe('X-Service-ActAs');
    expect(schedule.auth.actAsHeader?.aliases).toContain('X-Service-Act-As');
    expect(schedule.auth.tokenTypes?.map((type) => type.name)).toEqual(['USER', 'GLOBAL']);
    expect(schedule.auth.scopes?.filter((scope) => scope.source !== 'notes')).toHaveLength(17);
    expect(schedule.endpoints.find((info) => info.endpoint === 'POST /rest/api/v1/chat')?.scope).toBe('CHAT');
  });
});
