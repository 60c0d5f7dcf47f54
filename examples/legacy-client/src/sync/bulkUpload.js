// Legacy CSV importer, still used by the contractor onboarding cron.
// Plain JS because it predates the TypeScript migration.
import axios from 'axios';
import { readFile } from 'node:fs/promises';
import { INDEX_API_PREFIX } from '../config/env.js';
import { indexingHeaders } from '../http/headers.js';

const BATCH = 200;

function parseCsv(text) {
  const [header, ...rows] = text.trim().split(/\r?\n/);
  const cols = header.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((v, i) => [cols[i], v.trim()])));
}

/**
 * Uploads contractors from a CSV export (mail,first,last,dept,title,city).
 * @param {string} csvPath
 */
export async function uploadContractors(csvPath) {
  const rows = parseCsv(await readFile(csvPath, 'utf8'));
  const uploadId = `contractors-${Date.now()}`;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    await axios.post(
      `${INDEX_API_PREFIX}bulkindexemployees`,
      {
        uploadId,
        isFirstPage: start === 0,
        isLastPage: start + BATCH >= rows.length,
        employees: batch.map((r) => ({
          email: r.mail,
          firstName: r.first,
          lastName: r.last,
          department: r.dept || 'Contractors',
          title: r.title,
          location: r.city,
          type: 'CONTRACTOR',
        })),
      },
      { headers: indexingHeaders() },
    );
  }
  return rows.length;
}
