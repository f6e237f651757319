/**
 * D36 (with D27's reading): a member is a minor while under 18 by their date of birth; a member with no date of birth
 * counts as an adult. Dates of birth are stored as ISO dates (YYYY-MM-DD), so "adult on `now`" is one string
 * comparison that SQL can make too: born on or before the same calendar day 18 years earlier.
 */

export const ADULT_AGE = 18;

/**
 * The latest date of birth of an adult on `now` (UTC calendar), as YYYY-MM-DD. On a 29 February it may name a day
 * that does not exist (18 years back can be a common year): compared as text it still orders exactly as the calendar
 * does, which is all it is used for (someone born on 1 March of that year is still 17).
 */
export function adultCutoff(now: Date): string {
  const year = String(now.getUTCFullYear() - ADULT_AGE).padStart(4, '0');
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const day = String(now.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** True for a member under 18 on `now`; null (no date of birth) is an adult (D27, D36). */
export function isMinor(dateOfBirth: string | null, now: Date): boolean {
  return dateOfBirth !== null && dateOfBirth > adultCutoff(now);
}
