#!/usr/bin/env node
// Nightly adoption and index-health report, posted to #search-ops.
import { Glean } from '@gleanwork/api-client';
import { GleanCore } from '@gleanwork/api-client/core.js';
import { indexingPeopleCount } from '@gleanwork/api-client/funcs/indexingPeopleCount.js';

const BASE = process.env.GLEAN_URL ?? `https://${process.env.GLEAN_INSTANCE}-be.glean.com`;
const HR_DATASOURCE = process.env.HR_DATASOURCE ?? 'workdayhr';

const glean = new GleanCore({
  apiToken: process.env.GLEAN_INDEXING_TOKEN,
  instance: process.env.GLEAN_INSTANCE,
});
const sdk = new Glean({ apiToken: process.env.GLEAN_INDEXING_TOKEN, instance: process.env.GLEAN_INSTANCE });

function adoption() {
  return fetch(`${BASE}/rest/api/v1/insights`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${process.env.GLEAN_API_TOKEN}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ overviewRequest: {} }),
  })
    .then((r) => r.json())
    .then((data) => ({
      mau: data.overviewResponse.monthlyActiveUsers,
      satisfaction: data.overviewResponse.searchSessionSatisfaction,
    }));
}

async function hrUsers() {
  const result = await indexingPeopleCount(glean, { datasource: HR_DATASOURCE });
  if (!result.ok) throw result.error;
  return result.value.userCount ?? 0;
}

async function handbookIndexed() {
  const status = await sdk.indexing.documents.status({
    datasource: 'intranetwiki',
    objectType: 'Page',
    docId: 'employee-handbook',
  });
  return status.indexingStatus === 'INDEXED';
}

const [stats, users, handbook] = await Promise.all([adoption(), hrUsers(), handbookIndexed()]);
const lines = [
  `MAU: ${stats.mau}`,
  `Search satisfaction: ${stats.satisfaction == null ? 'n/a' : Math.round(stats.satisfaction * 100) + '%'}`,
  `HR people indexed: ${users}`,
  `Handbook searchable: ${handbook ? 'yes' : 'NO'}`,
];
await fetch(process.env.SLACK_WEBHOOK_URL ?? 'http://localhost:9/dev-null', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ text: lines.join('\n') }),
});
