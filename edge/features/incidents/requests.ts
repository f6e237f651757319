import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';
import {
  APPEAL_MAX,
  APPEAL_MIN,
  DESCRIPTION_MAX,
  INCIDENT_MESSAGES,
  NOTE_MAX,
  SUSPENSION_DAYS_MAX,
  consequences,
  incidentFilters,
} from './schema.ts';

// The bodies and queries the incidents routes validate: the server's alone, kept out of schema.ts, which the app
// imports for its words and types (ADR 069: a zod schema in a module the app imports ships in the app).

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

