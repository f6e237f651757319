import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';
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
const M = INCIDENT_MESSAGES;

const text = (label: string, required: string, max: number, tooLong: string) =>
  freeText({ label, multiline: true, error: required }).min(1, required).max(max, tooLong);

const messageId = z.number(M.messageIdInvalid).int(M.messageIdInvalid).positive(M.messageIdInvalid).nullish();

/** POST /api/incidents/report (a member) and POST /api/admin/incidents (an admin): a conduct report. */
export const incidentReportSchema = z.object({
  memberId: z.string(M.memberRequired).trim().min(1, M.memberRequired),
  description: text('Description', M.descriptionRequired, DESCRIPTION_MAX, M.descriptionTooLong),
  messageId,
});
export type IncidentReportInput = z.infer<typeof incidentReportSchema>;

const days = z
  .number(M.daysRequired)
  .int(M.daysRequired)
  .min(1, M.daysRequired)
  .max(SUSPENSION_DAYS_MAX, M.daysRequired);
const note = text('The reason', M.noteRequired, NOTE_MAX, M.noteTooLong);

/** POST /api/admin/incidents/{id}/decide: the consequence, its length for a suspension, and the reason. */
export const decideSchema = z
  .object({
    consequence: z.enum(consequences, M.consequenceRequired),
    days: days.nullish(),
    note,
  })
  .superRefine((input, ctx) => {
    if (input.consequence === 'suspension' && input.days == null) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: M.daysRequired });
    }
    if (input.consequence !== 'suspension' && input.days != null) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: M.daysOnlyForSuspension });
    }
  });
export type DecideInput = z.infer<typeof decideSchema>;

/** POST /api/admin/members/{id}/suspend. */
export const suspendSchema = z.object({ days, reason: note });
/** POST /api/admin/members/{id}/ban and .../lift. */
export const reasonSchema = z.object({ reason: note });

/** POST /api/incidents/{id}/appeal: the member's one appeal. */
export const appealSchema = z.object({
  text: freeText({ label: 'Your appeal', multiline: true, error: M.appealTooShort })
    .min(APPEAL_MIN, M.appealTooShort)
    .max(APPEAL_MAX, M.appealTooLong),
});

/** POST /api/admin/incidents/{id}/appeal: the admin's answer. */
export const resolveAppealSchema = z.object({
  outcome: z.enum(['upheld', 'overturned'], M.outcomeRequired),
  response: text('The response', M.noteRequired, NOTE_MAX, M.noteTooLong),
});

export const incidentFilters = ['open', 'decided', 'appeals'] as const;
export type IncidentFilter = (typeof incidentFilters)[number];

const badLimit = { error: 'Limit must be 1 to 100' };
const badCursor = { error: 'Cursor must be an incident id' };
/** GET /api/admin/incidents?filter=open|decided|appeals&cursor=&limit= */
export const incidentListQuerySchema = z.object({
  filter: z.enum(incidentFilters, { error: 'Filter must be open, decided or appeals' }).optional(),
  cursor: z.coerce.number(badCursor).int(badCursor).positive(badCursor).optional(),
  limit: z.coerce.number(badLimit).int(badLimit).min(1, badLimit).max(100, badLimit).default(20),
});

/** GET /api/admin/members/search?q= */
export const memberSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Please enter a name or e-mail' })
    .trim()
    .min(2, 'Please enter at least 2 characters')
    .max(100, 'Search must be 100 characters or less'),
});

// ---- What the API answers ----

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
