import type { Standing } from '../../lib/standing.ts';

// Conduct reports, consequences and appeals (D24, D27; the Code of Conduct of 001 s2: appeals within 7 days,
// consequences from a warning to a permanent ban). Shared by the API and the screens' forms.

export const APPEAL_WINDOW_DAYS = 7;
export const DESCRIPTION_MAX = 2000;
export const NOTE_MAX = 1000;
export const APPEAL_MAX = 1000;
export const APPEAL_MIN = 10;
export const SUSPENSION_DAYS_MAX = 365;
/** A member may send this many reports a day, so a grudge cannot flood the admins' list. */
export const REPORTS_PER_DAY = 10;

export const consequences = ['none', 'warning', 'suspension', 'ban'] as const;
export type Consequence = (typeof consequences)[number];

export const INCIDENT_MESSAGES = {
  memberRequired: 'Please choose the member this is about',
  descriptionRequired: 'Please describe what happened',
  descriptionTooLong: `Description must be ${DESCRIPTION_MAX} characters or less`,
  messageIdInvalid: 'Message id must be a whole number',
  consequenceRequired: 'Please choose a consequence',
  daysRequired: `Suspension length must be a whole number of days from 1 to ${SUSPENSION_DAYS_MAX}`,
  daysOnlyForSuspension: 'Only a suspension has a length in days',
  noteRequired: 'Please give the reason the member will read',
  noteTooLong: `Reason must be ${NOTE_MAX} characters or less`,
  appealTooShort: `Please explain your appeal in at least ${APPEAL_MIN} characters`,
  appealTooLong: `Appeal must be ${APPEAL_MAX} characters or less`,
  outcomeRequired: 'Please choose uphold or overturn',
  memberNotFound: 'Member not found',
  incidentNotFound: 'Incident not found',
  messageNotFound: 'Message not found',
  messageNotBetween: 'You can only report a message you sent or received from this member',
  notYourself: 'You cannot report yourself',
  notOnYourself: 'You cannot decide about your own account',
  superAdminOnly: 'Only a super admin can suspend or ban an admin',
  alreadyDecided: 'This incident has already been decided',
  alreadyBanned: 'This member is already banned',
  notRestricted: 'This member is not suspended or banned',
  notAppealable: 'This decision cannot be appealed',
  alreadyAppealed: 'You have already appealed this decision. A decision can be appealed once.',
  appealWindowClosed: `The ${APPEAL_WINDOW_DAYS}-day appeal window for this decision has closed`,
  noPendingAppeal: 'There is no pending appeal on this incident',
  tooManyReports: `You can send ${REPORTS_PER_DAY} reports a day. Please try again tomorrow.`,
} as const;
export const incidentFilters = ['open', 'decided', 'appeals'] as const;
export type IncidentFilter = (typeof incidentFilters)[number];

export interface MemberRef {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** A member's standing at the time of the answer. */
export type { Standing };

export interface Appeal {
  text: string;
  appealedAt: string;
  status: 'pending' | 'upheld' | 'overturned';
  response: string | null;
  resolvedAt: string | null;
}

/** One incident as the admins' Incidents tab shows it. */
export interface AdminIncident {
  id: number;
  member: MemberRef;
  /** Null when the reporter's account is gone. */
  reporter: MemberRef | null;
  source: 'admin' | 'member';
  description: string;
  messageId: number | null;
  /** D27: the reported message as sent (null when none was reported, or it went with a deleted account). */
  reportedMessage: { body: string; fromMember: boolean; sentAt: string } | null;
  status: 'open' | 'decided';
  createdAt: string;
  consequence: Consequence | null;
  suspensionDays: number | null;
  endsAt: string | null;
  note: string | null;
  decidedAt: string | null;
  liftedAt: string | null;
  appeal: Appeal | null;
  standing: Standing;
}

export interface AdminIncidentPage {
  incidents: AdminIncident[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: number | null;
}

/** One decision as the member sees it on their dashboard. */
export interface MyDecision {
  id: number;
  consequence: Exclude<Consequence, 'none'>;
  suspensionDays: number | null;
  endsAt: string | null;
  note: string;
  decidedAt: string;
  liftedAt: string | null;
  /** The end of the 7-day window (ISO). */
  appealDeadline: string;
  canAppeal: boolean;
  appeal: Appeal | null;
}

/** GET /api/admin/members/{id}/standing and the member search's rows. */
export interface MemberStandingView extends MemberRef {
  role: string;
  standing: Standing;
}
