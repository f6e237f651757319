/**
 * The archive's plain values (no zod): what the route's URL check needs, kept out of schema.ts so the loader code in
 * every page's first load stays small (the landing page's budget).
 */

/** D30: a name search is 1 to 100 characters after trimming. */
export const MAX_SEARCH_LENGTH = 100;

/** A real calendar date as YYYY-MM-DD (Date.parse alone would accept 2026-02-31 by rolling it over). */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}
