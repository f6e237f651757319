import { divisionSlugs, type DivisionSlug } from '../../../edge/features/tournaments/schema.ts';
import { isIsoDate, MAX_SEARCH_LENGTH } from '../../../edge/features/archive/constants.ts';
import type { ValidatedSearch } from '../../lib/search-params.ts';

/** /bracket-archive's URL: every filter, the view and the open dialog, so a view can be shared (issue 16). */
export interface ArchiveSearch {
  search?: string;
  division?: DivisionSlug;
  view?: 'list';
  from?: string;
  to?: string;
  /** The tournament whose details dialog is open. */
  details?: number;
}

/** The filters the server reads. */
export type ArchiveFilters = Pick<ArchiveSearch, 'search' | 'division' | 'from' | 'to'>;

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** Every unknown or malformed value falls back to the default view (never a 400 from a hand-edited URL). */
export function validateArchiveSearch(raw: Record<string, unknown>): ArchiveSearch {
  const search = text(raw.search)?.trim();
  const division = text(raw.division);
  const from = text(raw.from);
  const to = text(raw.to);
  const details = Number(raw.details);
  const validFrom = from && isIsoDate(from) ? from : undefined;
  const validTo = to && isIsoDate(to) && !(validFrom && to < validFrom) ? to : undefined;
  return {
    search: search && search.length <= MAX_SEARCH_LENGTH ? search : undefined,
    division: (divisionSlugs as readonly string[]).includes(division ?? '') ? (division as DivisionSlug) : undefined,
    view: raw.view === 'list' ? 'list' : undefined,
    from: validFrom,
    to: validTo,
    details: Number.isSafeInteger(details) && details > 0 ? details : undefined,
  } satisfies ValidatedSearch<ArchiveSearch>;
}
