/**
 * The archive's plain values (no zod): what the route's URL check and the screen need, kept out of schema.ts so
 * neither the loader code in every page's first load nor the archive's own first load carries zod (issue 12's
 * budgets). schema.ts re-exports them for the server.
 */
import { divisionSlugs } from '../tournaments/schema.ts';

/** D30: a name search is 1 to 100 characters after trimming. */
export const MAX_SEARCH_LENGTH = 100;

/** A real calendar date as YYYY-MM-DD (Date.parse alone would accept 2026-02-31 by rolling it over). */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** 001 s9: the archive's defaults. */
export const ARCHIVE_DEFAULTS = {
  bracketSize: 16,
  divisionLabel: 'Open',
  formatLabel: 'Single Elimination',
} as const;

/** Cards a page holds: a full grid of three, four or six columns. */
export const ARCHIVE_PAGE_SIZE = 12;
export const MAX_ARCHIVE_PAGE_SIZE = 48;
/** D29: at most 12 championship photos a tournament. */
export const MAX_CHAMPIONSHIP_PHOTOS = 12;
/** The multipart field of POST /api/tournaments/{id}/championship-photos. */
export const CHAMPIONSHIP_PHOTO_FIELD = 'photo';

/** What the archive's calls answer when they refuse (the screen shows the same words). */
export const ARCHIVE_MESSAGES = {
  search: `Search must be 1 to ${MAX_SEARCH_LENGTH} characters`,
  date: 'Dates must be real calendar dates written YYYY-MM-DD',
  dateOrder: 'The from date must be on or before the to date',
  division: `Division must be one of ${divisionSlugs.join(', ')}`,
  limit: `Limit must be a whole number from 1 to ${MAX_ARCHIVE_PAGE_SIZE}`,
  cursor: 'Cursor must be the X-Next-Cursor of an earlier page, unchanged',
  replay: 'Replay links must be https links to a YouTube, Twitch or Vimeo video',
  notFound: 'Tournament not found',
  notCompleted: 'Replays and championship photos are added once the tournament is completed',
  tooManyPhotos: `A tournament has at most ${MAX_CHAMPIONSHIP_PHOTOS} championship photos`,
  photoNotFound: 'Photo not found',
  forbidden: 'Only an admin or the tournament’s host can change its highlights',
} as const;
