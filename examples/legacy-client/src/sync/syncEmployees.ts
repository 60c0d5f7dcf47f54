import type { EmployeeInfoDefinition } from '@gleanwork/api-client/models/components';
import { BASE_URL } from '../config/env.js';
import { indexingHeaders } from '../http/headers.js';
import { PATHS } from '../paths.js';
import { gleanIndexing } from '../glean.js';

/** One row of the nightly HR export. */
export interface HrPerson {
  workEmail: string;
  givenName: string;
  familyName: string;
  preferredName?: string;
  department: string;
  title: string;
  office?: string;
  country?: string;
  managerEmail?: string | null;
  costCenter?: string;
  revision?: number;
  terminated?: boolean;
}

const PAGE_SIZE = 500;

// Maps an HR row to the employee object the indexing API expects.
function toEmployee(p: HrPerson) {
  return {
    email: p.workEmail.toLowerCase(),
    firstName: p.givenName,
    lastName: p.familyName,
    preferredName: p.preferredName,
    department: p.department,
    title: p.title,
    location: p.office,
    managerEmail: p.managerEmail ?? undefined,
    businessUnit: p.costCenter,
  };
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Incremental sync: called by the HR webhook for a single changed person. */
export async function indexEmployee(p: HrPerson): Promise<void> {
  const res = await fetch(`${BASE_URL}${PATHS.INDEX_EMPLOYEE}`, {
    method: 'POST',
    headers: indexingHeaders(),
    body: JSON.stringify({ employee: toEmployee(p), version: p.revision }),
  });
  if (!res.ok) {
    throw new Error(`indexemployee failed for ${p.workEmail}: ${res.status} ${await res.text()}`);
  }
}

/** Admin "re-sync this person" button. Uses the SDK. */
export async function reindexEmployee(p: HrPerson): Promise<void> {
  const location = [p.office, p.country].filter(Boolean).join(', ') || undefined;
  const employee: EmployeeInfoDefinition = {
    email: p.workEmail,
    firstName: p.givenName,
    lastName: p.familyName,
    department: p.department,
    title: p.title,
    location,
    structuredLocation: { city: p.office, country: p.country },
  };
  await gleanIndexing.indexing.people.index({ employee, version: p.revision });
}

/** Full nightly sync: replaces every indexed employee, page by page. */
export async function fullSync(people: HrPerson[], uploadId = `hr-${new Date().toISOString().slice(0, 10)}`) {
  const active = people.filter((p) => !p.terminated);
  const pages = chunk(active, PAGE_SIZE);
  for (const [i, page] of pages.entries()) {
    await gleanIndexing.indexing.people.bulkIndex({
      uploadId,
      isFirstPage: i === 0,
      isLastPage: i === pages.length - 1,
      forceRestartUpload: i === 0,
      employees: page.map(toEmployee),
    });
  }
  return { uploaded: active.length, pages: pages.length };
}
