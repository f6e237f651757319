/**
 * The waiver's plain values (000 s2, s5; 001 s5; D7, D8): the text the signer agrees to, its version, the age rules
 * and the log's date ranges, with no zod, so screens that only show them stay small. `schema.ts` re-exports them.
 */

/** Version of the text below. A new text gets a new version; each user signs each version once (D8). */
export const WAIVER_TEXT_VERSION = '2025-01';

export const WAIVER_TITLE = 'WTA Liability Waiver and Release';

/** The 10 clauses of the liability waiver (000 s2). Changing a word means a new WAIVER_TEXT_VERSION. */
export const WAIVER_CLAUSES: readonly { title: string; text: string }[] = [
  {
    title: 'Assumption of Risk',
    text: 'I understand that competing in WTA tournaments involves physical activity with inherent risks, including falls, collisions, strains, fractures, concussions and, in rare cases, permanent disability or death. I voluntarily assume all of these risks.',
  },
  {
    title: 'Release of Liability',
    text: 'I release the WTA league, its owners, hosts, sponsors, officials, volunteers and venues from any claim for injury, illness, loss or damage arising from my participation, except where caused by their gross negligence or willful misconduct.',
  },
  {
    title: 'Medical Fitness',
    text: 'I confirm that I am physically fit to compete, that I have no medical condition that makes participation unsafe, and that I will stop and tell an official if I feel unwell or injured.',
  },
  {
    title: 'Medical Treatment',
    text: 'I authorize WTA officials to obtain emergency medical treatment for me if I cannot consent myself, and I accept responsibility for the cost of that treatment.',
  },
  {
    title: 'Rules and Code of Conduct',
    text: 'I will follow the tournament rules, the instructions of referees and officials, and the WTA Code of Conduct. I understand that breaking them may lead to disqualification, forfeiture of prizes or a ban.',
  },
  {
    title: 'Equipment and Property',
    text: 'I am responsible for my own equipment and belongings. The league is not liable for personal property that is lost, stolen or damaged at any venue.',
  },
  {
    title: 'Media Release',
    text: 'I allow the league to photograph, film, stream and record me during events and to use those images and recordings to report on and promote the league, without payment to me.',
  },
  {
    title: 'Prize Eligibility',
    text: 'Cash prizes are paid only to eligible participants who have followed the rules, and may be withheld while a dispute, protest or investigation is open. I am responsible for any taxes on prizes I win.',
  },
  {
    title: 'Indemnification',
    text: 'I will indemnify and hold harmless the league and its partners against claims brought by others that arise from my own conduct at an event.',
  },
  {
    title: 'Entire Agreement and Severability',
    text: 'This waiver is governed by the laws of the state where the event takes place. If any part of it is found unenforceable, the rest remains in force. I have read it, understand it and sign it voluntarily.',
  },
];

/** D7: under 13 cannot sign (Terms); under 18 needs a parent or guardian. */
export const MINIMUM_SIGNING_AGE = 13;
export const ADULT_AGE = 18;
/** Older than this is a typo (1890 for 1990), not a player. */
export const MAX_PLAUSIBLE_AGE = 120;

/** The date-of-birth texts of the waiver form and the server (D7). */
export const dateOfBirthMessages = {
  required: 'Date of birth is required',
  invalid: 'Date of birth must be a real date in the past',
  tooOld: `Date of birth must be within the last ${MAX_PLAUSIBLE_AGE} years`,
  tooYoung: `You must be at least ${MINIMUM_SIGNING_AGE} years old to sign the waiver`,
} as const;

/**
 * D7's date-of-birth rule, one copy for the form and the server: what is wrong with it on `now` (a key of
 * dateOfBirthMessages), or null when the signer may sign. The server answers 'tooYoung' with 403, the rest 400.
 */
export function dateOfBirthProblem(
  dateOfBirth: string,
  now: Date,
): Exclude<keyof typeof dateOfBirthMessages, 'required'> | null {
  const age = ageOn(dateOfBirth, now);
  if (age === null || Date.parse(`${dateOfBirth}T00:00:00Z`) > now.getTime()) return 'invalid';
  if (age > MAX_PLAUSIBLE_AGE) return 'tooOld';
  if (age < MINIMUM_SIGNING_AGE) return 'tooYoung';
  return null;
}

/** Full years between an ISO date of birth (YYYY-MM-DD) and `on`, by calendar date; null for a bad date. */
export function ageOn(dateOfBirth: string, on: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const born = new Date(Date.UTC(y, m - 1, d));
  if (born.getUTCFullYear() !== y || born.getUTCMonth() !== m - 1 || born.getUTCDate() !== d) return null;
  let age = on.getUTCFullYear() - y;
  const beforeBirthday = on.getUTCMonth() + 1 < m || (on.getUTCMonth() + 1 === m && on.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** 001 s5: the waiver log's age badge is the year difference (red under 18). */
export function yearDifferenceAge(dateOfBirth: string | null, on: Date): number | null {
  if (!dateOfBirth) return null;
  const year = Number(dateOfBirth.slice(0, 4));
  return Number.isFinite(year) && year > 0 ? on.getUTCFullYear() - year : null;
}

/** 001 s5: the waiver log's date filter. */
export const waiverDateRanges = ['all', 'today', 'week', 'month', 'year'] as const;
export type WaiverDateRange = (typeof waiverDateRanges)[number];
