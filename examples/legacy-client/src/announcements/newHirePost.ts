import type {
  CreateAnnouncementRequest,
  Person,
  StructuredTextItem,
} from '@gleanwork/api-client/models/components';
import { glean } from '../glean.js';

const DAY = 86_400_000;

export interface NewHire {
  name: string;
  obfuscatedId: string;
  email: string;
  title: string;
  department: string;
  office: string;
  startDate: Date;
}

function personCard(hire: NewHire, invitedAt: Date): Person {
  return {
    name: hire.name,
    obfuscatedId: hire.obfuscatedId,
    metadata: {
      title: hire.title,
      department: hire.department,
      email: hire.email,
      location: hire.office,
      inviteInfo: {
        inviteTime: invitedAt,
        reminderTime: new Date(invitedAt.getTime() + 3 * DAY),
        invites: [
          {
            channel: 'COMMUNICATION_CHANNEL_EMAIL',
            inviteTime: invitedAt,
            reminderTime: new Date(invitedAt.getTime() + 3 * DAY),
          },
        ],
      },
    },
  };
}

const toItem = (hire: NewHire, now: Date): StructuredTextItem => ({
  text: `${hire.name} joins ${hire.department} as ${hire.title}`,
  structuredResult: { person: personCard(hire, now) },
});

/** Weekly "welcome our new colleagues" post, one per office. */
export async function announceNewHires(office: string, hires: NewHire[]) {
  if (hires.length === 0) return null;
  const now = new Date();
  const request: CreateAnnouncementRequest = {
    title: `Welcome to our new colleagues in ${office}`,
    startTime: now,
    endTime: new Date(now.getTime() + 7 * DAY),
    emoji: '👋',
    audienceFilters: [
      { fieldName: 'location', values: [{ value: office, relationType: 'EQUALS' }] },
      { fieldName: 'type', values: [{ value: 'bot', isNegated: true }] },
    ],
    body: {
      text: hires.map((h) => h.name).join(', '),
      structuredList: hires.map((h) => toItem(h, now)),
    },
  };
  const announcement = await glean.client.announcements.create(request);
  return announcement.id;
}
