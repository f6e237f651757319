import {
  dateOfBirthEditProblem,
  profileUpdateSchema,
  type EditableProfile,
  type ProfileUpdateBody,
} from '../../../edge/features/profile-edit/schema.ts';

// The Edit Profile form's rules as plain functions (tested without a browser): what the fields hold, what changed,
// and which message belongs under which field. The checks are the server's own schema (edge/.../schema.ts).

/** What the inputs hold: text as typed, the divisions ticked, one row per highlight link (blank rows allowed). */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  tagline: string;
  city: string;
  state: string;
  sport: string;
  dateOfBirth: string;
  bio: string;
  height: string;
  weight: string;
  divisions: string[];
  bestDivision: string;
  highlightUrls: string[];
}

type TextField = Exclude<keyof ProfileFormValues, 'divisions' | 'highlightUrls'>;

/** A message per field; a highlight row's is under `highlightUrls.<row>`. */
export type ProfileFormErrors = Record<string, string>;

/** The tab each field is on, so a refusal can bring its field into view. */
export const BASIC_FIELDS = ['firstName', 'lastName', 'tagline', 'city', 'state', 'sport', 'dateOfBirth'] as const;
export type ProfileTab = 'basic' | 'stats' | 'team';

export function tabOfField(field: string): ProfileTab {
  return (BASIC_FIELDS as readonly string[]).includes(field) ? 'basic' : 'stats';
}

export function formValuesOf(profile: EditableProfile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    tagline: profile.tagline ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    sport: profile.sport ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
    bio: profile.bio ?? '',
    height: profile.height ?? '',
    weight: profile.weight === null ? '' : String(profile.weight),
    divisions: [...profile.divisions],
    bestDivision: profile.bestDivision ?? '',
    // One empty row to type into when there is none yet.
    highlightUrls: profile.highlightUrls.length ? [...profile.highlightUrls] : [''],
  };
}

/** The highlight links to send (trimmed, blank rows left out) and the row each came from. */
export function highlightLinks(rows: readonly string[]): { links: string[]; rowOf: number[] } {
  const links: string[] = [];
  const rowOf: number[] = [];
  rows.forEach((row, index) => {
    if (row.trim() === '') return;
    links.push(row.trim());
    rowOf.push(index);
  });
  return { links, rowOf };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

const TEXT_FIELDS: TextField[] = [
  'firstName',
  'lastName',
  'tagline',
  'city',
  'state',
  'sport',
  'bio',
  'height',
  'weight',
  'bestDivision',
];

/**
 * The PATCH body: only the fields that changed, so a value the form cannot show (an older sport) is never sent back,
 * and a date of birth that is locked (D36) is never sent at all.
 */
export function changedFields(
  initial: ProfileFormValues,
  values: ProfileFormValues,
  dateOfBirthLocked: boolean,
): ProfileUpdateBody {
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) if (values[field] !== initial[field]) body[field] = values[field];
  if (!dateOfBirthLocked && values.dateOfBirth !== initial.dateOfBirth) body.dateOfBirth = values.dateOfBirth;
  const divisionSet = (list: readonly string[]) => [...list].sort();
  if (!sameList(divisionSet(values.divisions), divisionSet(initial.divisions))) body.divisions = values.divisions;
  const links = highlightLinks(values.highlightUrls).links;
  if (!sameList(links, highlightLinks(initial.highlightUrls).links)) body.highlightUrls = links;
  return body as ProfileUpdateBody;
}

/** The field key of a message's path: a highlight link's index becomes its row's (blank rows are not sent). */
function fieldKey(path: readonly PropertyKey[], rowOf: readonly number[]): string {
  const [field, index] = path;
  if (field === 'highlightUrls' && typeof index === 'number') return `highlightUrls.${rowOf[index] ?? index}`;
  return String(field ?? '_');
}

/**
 * Checks the form as the server will (001 s5 messages; D7's date on the device's clock) and builds the body.
 * `errors` is empty when the body may be sent.
 */
export function checkProfileForm(
  initial: ProfileFormValues,
  values: ProfileFormValues,
  dateOfBirthLocked: boolean,
  now: Date,
): { body: ProfileUpdateBody; errors: ProfileFormErrors } {
  const body = changedFields(initial, values, dateOfBirthLocked);
  const errors: ProfileFormErrors = {};
  const { rowOf } = highlightLinks(values.highlightUrls);
  const parsed = profileUpdateSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[fieldKey(issue.path, rowOf)] ??= issue.message;
  }
  if (typeof body.dateOfBirth === 'string' && body.dateOfBirth !== '' && !errors.dateOfBirth) {
    const problem = dateOfBirthEditProblem(body.dateOfBirth, now);
    if (problem) errors.dateOfBirth = problem;
  }
  return { body, errors };
}

/**
 * The server's per-field messages (the `errors` of a 400, or of D36's 403 on the date of birth), keyed as the form
 * keys them; {} when the error carries none.
 */
export function serverFieldErrors(error: unknown, rows: readonly string[]): ProfileFormErrors {
  const { rowOf } = highlightLinks(rows);
  const out: ProfileFormErrors = {};
  const match = error instanceof Error ? /^4\d\d: (\{[\s\S]*\})$/.exec(error.message.trim()) : null;
  let errors: unknown;
  try {
    errors = match ? (JSON.parse(match[1]!) as { errors?: unknown }).errors : undefined;
  } catch {
    errors = undefined;
  }
  if (!errors || typeof errors !== 'object') return out;
  for (const [key, messages] of Object.entries(errors as Record<string, unknown>)) {
    const message = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof message !== 'string') continue;
    const [field, index] = key.split('.');
    out[fieldKey(index === undefined ? [field!] : [field!, Number(index)], rowOf)] = message;
  }
  return out;
}

/** The first field with a message, in the order the form shows them. */
export function firstInvalidField(errors: ProfileFormErrors): string | undefined {
  const order = [...BASIC_FIELDS, 'bio', 'height', 'weight', 'divisions', 'bestDivision'];
  return order.find((f) => errors[f]) ?? Object.keys(errors).sort()[0];
}
