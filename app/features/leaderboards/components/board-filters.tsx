import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { LEADERBOARD_SEARCH_MAX } from '../../../../edge/features/leaderboards/schema.ts';
import { TextField } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { divisionOptions, sportOptions, type LeaderboardSearch } from '../leaderboard-display.ts';

/** Typing waits this long for a pause before the list follows, so each key press is not a request. */
const SEARCH_PAUSE_MS = 300;

const formClass = css({
  alignItems: 'start',
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: '2fr 1fr 1fr' },
});
const searchClass = css({ gridColumn: { base: 'auto', sm: '1 / -1', lg: 'auto' } });
const searchLabelClass = css({
  alignItems: 'center',
  display: 'inline-flex',
  gap: '1.5',
  '& svg': { height: '4', width: '4' },
});

/**
 * The leaderboards' search box and sport and division filters (001). They run on the server: a choice changes the
 * list at once, typing after a short pause (Enter at once). Sport and division rank players only, so Team Rankings
 * shows the search alone.
 */
export function BoardFilters({
  search,
  teams,
  onChange,
}: {
  search: LeaderboardSearch;
  teams: boolean;
  /** Only what changed. */
  onChange: (patch: Partial<LeaderboardSearch>) => void;
}) {
  const [text, setText] = useState(search.q ?? '');

  // The address bar changed the search (Back, a link): the box shows it.
  const [shownQ, setShownQ] = useState(search.q);
  if (shownQ !== search.q) {
    setShownQ(search.q);
    if ((text.trim() || undefined) !== search.q) setText(search.q ?? '');
  }

  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === search.q) return;
    const timer = window.setTimeout(() => onChange({ q }), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text, search.q, onChange]);

  return (
    <form
      role="search"
      aria-label="Search leaderboards"
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
        placeholder={teams ? 'Search teams by name' : 'Search players by name'}
        autoComplete="off"
        maxLength={LEADERBOARD_SEARCH_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {teams ? null : (
        <>
          <SelectField
            label="Sport"
            name="sport"
            options={sportOptions}
            value={search.sport ?? 'all'}
            onChange={(event) => {
              const sport = event.target.value;
              onChange({ sport: sport === 'all' ? undefined : (sport as LeaderboardSearch['sport']) });
            }}
          />
          <SelectField
            label="Division"
            name="division"
            options={divisionOptions}
            value={search.division ?? 'all'}
            onChange={(event) => {
              const division = event.target.value;
              onChange({
                division: division === 'all' ? undefined : (division as LeaderboardSearch['division']),
              });
            }}
          />
        </>
      )}
    </form>
  );
}
