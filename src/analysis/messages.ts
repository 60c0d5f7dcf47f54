import type { ItemStatus } from '../schedule/status.js';
import { describeDays } from '../schedule/status.js';
import type { Notice } from '../schedule/types.js';
import type { Finding } from './findings.js';

/** The placeholders every rule message is built from: `{{subject}} was removed on {{date}} ({{days}}).{{advice}}` */
export interface MessageData extends Record<string, string> {
  subject: string;
  date: string;
  days: string;
  advice: string;
}

export function messageData(finding: Finding, status: ItemStatus): MessageData {
  return {
    subject: subjectOf(finding),
    date: finding.item.removal,
    days: describeDays(status.daysLeft),
    advice: adviceOf(finding.notice, status) + (finding.kind === 'field' && finding.unfixable ? ` Not fixed automatically: ${finding.unfixable}.` : ''),
  };
}

function subjectOf(finding: Finding): string {
  const { item } = finding;
  if (finding.kind === 'field') {
    const field = `${finding.owner}.${item.field}`;
    // A typed value's endpoint is unknown: name the endpoint the schedule files the field under.
    return finding.endpoint ? `${field} in the ${finding.endpoint.method} ${finding.endpoint.path} ${finding.direction}` : `${field} (deprecated on ${item.endpoint})`;
  }
  return finding.via ? `${item.endpoint} (called by the SDK's ${finding.via}())` : item.endpoint;
}

/**
 * The replacement or the spec's note, so that a finding tells the user what to do without opening
 * the docs. A note about the time before removal ("still filled … until removal") is left out
 * once the item is removed: a message never says both.
 */
export function adviceOf(notice: Notice, status: ItemStatus): string {
  const { migration } = notice;
  const note = notice.noteUntilRemoval && status.status === 'removed' ? undefined : notice.note;
  switch (migration.action) {
    case 'replace-endpoint':
    case 'rename':
    case 'move':
      return ` Use ${migration.to} instead.`;
    case 'manual':
      return ` Use ${notice.replacement} instead${note ? ` (${note})` : ''}.`;
    case 'remove':
      return note ? ` There is no replacement: ${note}.` : ' There is no replacement.';
  }
}
