import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { FREE_AGENCY_SEARCH_MAX } from '../../../../edge/features/free-agency/schema.ts';
import { SelectField } from '../../../ui/select.tsx';
import { TextField } from '../../../ui/field.tsx';
import { sportOptions, verifiedOptions, type PoolSearch } from '../free-agency-display.ts';

/** Typing waits this long for a pause before the list follows, so each key press is not a request. */
const SEARCH_PAUSE_MS = 300;

const formClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: '2fr 1fr 1fr' },
  alignItems: 'start',
});
const searchClass = css({ gridColumn: { base: 'auto', sm: '1 / -1', lg: 'auto' } });
const searchLabelClass = css({
  alignItems: 'center',
  display: 'inline-flex',
  gap: '1.5',
  '& svg': { height: '4', width: '4' },
});

/**
 * The pool's search box and its sport and verified filters (000 s2). The filters run on the server: a choice changes
 * the list at once, typing after a short pause. Enter searches at once too.
 */
export function PoolFilters({
  filters,
  onChange,
}: {
  filters: PoolSearch;
  /** Only what changed. */
  onChange: (patch: Partial<PoolSearch>) => void;
}) {
  const [text, setText] = useState(filters.q ?? '');

  // The address bar changed the search (Back, a link): the box shows it.
  const [shownQ, setShownQ] = useState(filters.q);
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    // Not when the box already says it: a space typed before the pause stays where the user put it.
    if ((text.trim() || undefined) !== filters.q) setText(filters.q ?? '');
  }

  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === filters.q) return;
    const timer = window.setTimeout(() => onChange({ q }), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text, filters.q, onChange]);

  return (
    <form
      role="search"
      aria-label="Search free agents"
      className={formClass}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: text.trim() || undefined });
      }}
    >
      <TextField
        className={searchClass}
        label={
          <span className={searchLabelClass}>
            <Search aria-hidden="true" />
            Search
          </span>
        }
        type="search"
        name="q"
        placeholder="Search players by name"
        autoComplete="off"
        maxLength={FREE_AGENCY_SEARCH_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <SelectField
        label="Sport"
        name="sport"
        options={sportOptions}
        value={filters.sport ?? 'all'}
        onChange={(event) => {
          const sport = event.target.value;
          onChange({ sport: sport === 'all' ? undefined : (sport as PoolSearch['sport']) });
        }}
      />
      <SelectField
        label="Verified"
        name="verified"
        options={verifiedOptions}
        value={filters.verified ?? 'all'}
        onChange={(event) => {
          const verified = event.target.value;
          onChange({ verified: verified === 'all' ? undefined : (verified as PoolSearch['verified']) });
        }}
      />
    </form>
  );
}
