import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { WaiverDateRange } from '../../../../edge/features/waivers/schema.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { toast } from '../../../ui/toast.tsx';
import { downloadTextFile } from '../download.ts';
import { waiverLogQueryOptions } from '../queries.ts';
import {
  waiverCsv,
  waiverCsvFileName,
  waiverExportBlockedReason,
  waiverRangeOptions,
  waiverTypeOptions,
  type WaiverTypeFilter,
} from '../waiver-log.ts';
import { FetchFailure } from './fetch-failure.tsx';
import {
  emptyClass,
  listClass,
  panelClass,
  scrollListClass,
  sectionTitleClass,
  skeletonClass,
} from './styles.ts';
import { WaiverEntryCard } from './waiver-entry-card.tsx';

const headClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'space-between' });
const filtersClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr)' },
  alignItems: 'start',
});
const countClass = css({ color: 'fg.muted', fontWeight: 'semibold', textStyle: 'sm' });
const exportClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' });
const exportReasonClass = css({ color: 'fg.muted', textStyle: 'sm' });
const skeletonItemClass = css({ height: '40' });

/** 001 s5: the search is sent once typing pauses for this long. */
export const WAIVER_SEARCH_DEBOUNCE_MS = 300;

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

const recordCount = (n: number) => `${n} ${n === 1 ? 'record' : 'records'}`;

/** The admin waiver log (001 s2, s5, s9): search, date and type filters, the list and the CSV export. */
export function WaiverLogPanel() {
  const [searchText, setSearchText] = useState('');
  const [range, setRange] = useState<WaiverDateRange>('all');
  const [type, setType] = useState<WaiverTypeFilter>('all');
  const search = useDebouncedValue(searchText, WAIVER_SEARCH_DEBOUNCE_MS);
  // Previous results stay on screen while the next filter loads, so the list does not flash empty.
  const query = useQuery({ ...waiverLogQueryOptions({ search, range, type }), placeholderData: keepPreviousData });
  const entries = query.data ?? [];
  const now = new Date();
  // The CSV must hold exactly the rows the filters on screen select, so Export waits while the list catches up.
  const exportReasonId = useId();
  const exportBlocked = waiverExportBlockedReason({
    searchPending: searchText !== search,
    isPending: query.isPending,
    isError: query.isError,
    isPlaceholderData: query.isPlaceholderData,
    isFetching: query.isFetching,
  });

  const exportCsv = () => {
    if (exportBlocked) return;
    if (entries.length === 0) {
      toast({ title: 'No data to export', description: 'No waivers match the current filters.', variant: 'destructive' });
      return;
    }
    const exportedAt = new Date();
    // A byte-order mark so spreadsheet programs read names with accents as UTF-8.
    downloadTextFile(waiverCsvFileName(exportedAt), `\uFEFF${waiverCsv(entries, exportedAt)}`, 'text/csv;charset=utf-8');
    toast({ title: 'Export successful', description: `Exported ${entries.length} waiver records` });
  };

  return (
    <section className={panelClass} aria-labelledby="waiver-log-title">
      <div className={headClass}>
        <h2 id="waiver-log-title" className={sectionTitleClass}>
          Waiver Log
        </h2>
        <div className={exportClass}>
          {exportBlocked ? (
            <span id={exportReasonId} className={exportReasonClass}>
              {exportBlocked}
            </span>
          ) : null}
          {/* aria-disabled, not disabled: the button stays focusable (and keeps focus) while it waits, so a keyboard
              or screen reader user still reaches it and hears why. */}
          <Button
            onClick={exportCsv}
            aria-disabled={exportBlocked ? true : undefined}
            aria-describedby={exportBlocked ? exportReasonId : undefined}
          >
            <Download aria-hidden="true" />
            Export CSV
          </Button>
        </div>
      </div>

      <div role="search" className={filtersClass} aria-label="Filter waivers">
        <TextField
            label="Search"
            type="search"
            placeholder="Name or e-mail"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            autoComplete="off"
            maxLength={200}
          />
        <SelectField
          label="Date signed"
          options={waiverRangeOptions}
          value={range}
          onChange={(event) => setRange(event.target.value as WaiverDateRange)}
        />
        <SelectField
          label="Waiver type"
          options={waiverTypeOptions}
          value={type}
          onChange={(event) => setType(event.target.value as WaiverTypeFilter)}
        />
      </div>

      <p className={countClass} aria-live="polite">
        {query.isPending ? 'Loading waivers…' : query.isError ? '' : recordCount(entries.length)}
      </p>

      {query.isPending ? (
        <div className={listClass} aria-hidden="true">
          <div className={`${skeletonClass} ${skeletonItemClass}`} />
          <div className={`${skeletonClass} ${skeletonItemClass}`} />
          <div className={`${skeletonClass} ${skeletonItemClass}`} />
        </div>
      ) : query.isError ? (
        <FetchFailure title="Failed to load waivers" error={query.error} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <p className={emptyClass}>No waivers found</p>
      ) : (
        <section
          className={scrollListClass}
          aria-label="Waiver records"
          aria-busy={query.isFetching}
          tabIndex={0}
        >
          <ul className={listClass}>
            {entries.map((entry) => (
              <li key={entry.waiver.id}>
                <WaiverEntryCard entry={entry} now={now} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
