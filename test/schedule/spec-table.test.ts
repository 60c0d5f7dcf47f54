import { describe, expect, it } from 'vitest';
import { findItems, loadBundledSchedule } from '../../src/schedule/index.js';

/**
 * The spec's "Deprecated fields and endpoints" table, copied row by row: the row's id (today an
 * alias), API, what (field name or "endpoint"), endpoint, replacement as the spec states it, removal date.
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

/** Where the service's documents put each row's notices (one per row, two for sensitiveInfoTypes). */
const ANCHORS: Record<string, string[]> = {
  'insights.searchSessionSatisfaction': ['InsightsOverviewResponse.searchSessionSatisfaction'],
  'getanswer.trackingToken': ['AnswerResult.trackingToken'],
  'getcollection.trackingToken': ['GetCollectionResponse.trackingToken'],
  'chat.citations': ['ChatMessage.citations'],
  'indexemployee.location': ['EmployeeInfoDefinition.location'],
  'createannouncement.isNegated': ['FacetFilterValue.isNegated'],
  'createannouncement.documents': ['RelatedDocuments.documents'],
  'createannouncement.boardId': ['AnswerMutableProperties.boardId'],
  'createannouncement.snippet': ['SearchResultSnippet.snippet'],
  'createannouncement.inviteTime': ['InviteInfo.inviteTime'],
  'createannouncement.reminderTime': ['InviteInfo.reminderTime'],
  'createannouncement.reactions': ['DocumentInteractions.reactions'],
  'createannouncement.role': ['ViewerInfo.role'],
  'policy.sensitiveInfoTypes': ['DlpConfig.sensitiveInfoTypes', 'SensitiveContentOptions.sensitiveInfoTypes'],
  'policy.likelihoodThreshold': ['SensitiveInfoType.likelihoodThreshold'],
  'policy.urlGreenlist': ['InputOptions.urlGreenlist'],
  'policy.datasources': ['InputOptions.datasources'],
  'policy.externalSharingOptions': ['DlpConfig.externalSharingOptions'],
  'policy.enabled': ['SharingOptions.enabled'],
  'policy.anyoneWithLinkEnabled': ['SharingOptions.anyoneWithLinkEnabled'],
  'policy.sensitiveTerms': ['SensitiveContentOptions.sensitiveTerms'],
  'policy.sensitiveRegexes': ['SensitiveContentOptions.sensitiveRegexes'],
  bulkindexemployees: ['POST /api/index/v1/bulkindexemployees'],
  getdocumentcount: ['POST /api/index/v1/getdocumentcount'],
  getdocumentstatus: ['POST /api/index/v1/getdocumentstatus'],
  getusercount: ['POST /api/index/v1/getusercount'],
  listanswers: ['POST /rest/api/v1/listanswers'],
};

describe('bundled schedule against the spec table', () => {
  const schedule = loadBundledSchedule();

  it('maps the 27 rows and 28 notices onto items by their old ids, and adds the 3 marks the spec does not list', () => {
    const mapped = SPEC_TABLE.flatMap(([id]) => findItems(schedule, id));
    expect(new Set(mapped).size).toBe(28);
    const extra = schedule.items.filter((item) => !mapped.includes(item)).map((item) => item.on);
    expect(extra.sort()).toEqual(['ExternalSharingOptions', 'InsightsResponse.gleanAssist', 'InviteInfo.inviter']);
  });

  it.each(SPEC_TABLE)('%s matches its row and sits where the documents put it', (id, api, what, endpoint, replacement, removal) => {
    const items = findItems(schedule, id);
    expect(items.map((item) => item.on)).toEqual(ANCHORS[id]);
    for (const item of items) {
      expect(item.api).toBe(api);
      expect(item.spec?.endpoint).toBe(endpoint);
      expect(item.spec?.field).toBe(what === 'endpoint' ? undefined : what);
      expect(item.anchor.kind).toBe(what === 'endpoint' ? 'operation' : 'property');
      if (item.anchor.kind === 'property') expect(item.anchor.property).toBe(what);
      expect(item.removal).toBe(removal);
    }
    expect(items.map((item) => item.spec?.replacement).join(' | ')).toBe(replacement);
  });

  it('keeps the spec notes', () => {
    const note = (id: string) => findItems(schedule, id)[0]!.note;
    expect(note('insights.searchSessionSatisfaction')).toBe('contact support');
    expect(note('createannouncement.boardId')).toBe('answer boards are no longer supported');
    expect(note('listanswers')).toBe('answer boards have been removed');
  });

  it('gives removed endpoints the replacement endpoints from the notes', () => {
    const to = (id: string) => findItems(schedule, id)[0]!.replacement;
    expect(to('getdocumentcount')).toEqual({ kind: 'endpoint', to: 'POST /api/index/v1/debug/{datasource}/status', fix: 'none' });
    expect(to('getusercount')).toEqual({ kind: 'endpoint', to: 'POST /api/index/v1/debug/{datasource}/status', fix: 'none' });
    expect(to('getdocumentstatus')).toEqual({ kind: 'endpoint', to: 'POST /api/index/v1/debug/{datasource}/document', fix: 'none' });
  });

  it('marks exactly the safe renames and moves of the notes as autofixable', () => {
    const auto = schedule.items.filter((item) => item.replacement.fix === 'auto').map((item) => item.on);
    expect(auto.sort()).toEqual(['AnswerResult.trackingToken', 'DlpConfig.externalSharingOptions', 'GetCollectionResponse.trackingToken', 'InputOptions.datasources', 'SearchResultSnippet.snippet']);
  });

  it('holds the auth facts as data', () => {
    expect(schedule.auth.actAsHeader?.name).toBe('X-Service-ActAs');
    expect(schedule.auth.actAsHeader?.aliases).toContain('X-Service-Act-As');
    expect(schedule.auth.tokenTypes?.map((type) => type.name)).toEqual(['USER', 'GLOBAL']);
    expect(schedule.auth.scopes?.filter((scope) => scope.source !== 'notes')).toHaveLength(17);
    expect(schedule.endpoints['POST /rest/api/v1/chat']?.scope).toBe('CHAT');
  });
});
