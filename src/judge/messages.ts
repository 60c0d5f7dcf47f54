import type { ItemStatus } from '../schedule/status.js';
import { describeDays } from '../schedule/status.js';
import type { ScheduleItem } from '../schedule/types.js';
import type { Finding } from './findings.js';

/**
 * The placeholders every rule message is built from, so that one line says what is deprecated,
 * where the value came from, when it goes and what to use:
 * "`SearchResultSnippet.snippet` (in the response of POST /rest/api/v1/search) was removed on
 * 2026-10-15, 39 days ago; use `text`."
 */
export interface MessageData extends Record<string, string> {
  subject: string;
  date: string;
  days: string;
  advice: string;
}

export function messageData(finding: Finding, status: ItemStatus): MessageData {
  const unfixable = finding.kind === 'field' && finding.unfixable ? `; not fixed automatically: ${finding.unfixable}` : '';
  return {
    subject: subjectOf(finding),
    date: finding.item.removal,
    days: describeDays(status.daysLeft),
    advice: adviceOf(finding.item, status) + unfixable,
  };
}

function subjectOf(finding: Finding): string {
  const { item } = finding;
  if (finding.kind === 'field') {
    const field = `\`${finding.owner}.${finding.property}\``;
    if (!finding.endpoint) return field;
    return finding.direction === 'request' ? `${field} (in the request to ${finding.endpoint.key})` : `${field} (in the response of ${finding.endpoint.key})`;
  }
  if (finding.kind === 'schema') return `\`${item.on}\``;
  return finding.via ? `\`${item.on}\` (called by the SDK's ${finding.via}())` : `\`${item.on}\``;
}

/** What to do instead, in one clause: the replacement, the item's note, and while it lasts, its remark until removal. */
export function adviceOf(item: ScheduleItem, status?: ItemStatus): string {
  const { replacement, note } = item;
  let advice: string;
  switch (replacement.kind) {
    case 'rename':
    case 'move':
    case 'endpoint':
      advice = `use \`${replacement.to}\``;
      break;
    case 'reshape':
      advice = `use \`${replacement.to}\`, which has another shape`;
      break;
    case 'none':
      advice = note ? `there is no replacement: ${note}` : 'there is no replacement';
      break;
  }
  if (note && replacement.kind !== 'none') advice += `; ${note}`;
  if (item.untilRemoval && status && status.status !== 'removed') advice += `; ${item.untilRemoval}`;
  return advice;
}
