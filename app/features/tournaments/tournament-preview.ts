import { divisionNames, type Tournament } from '../../../edge/features/tournaments/schema.ts';
import { formatLongDateTime } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import { formatTournamentDate, tournamentDates } from '../../lib/tournament-dates.ts';
import type { PagePreview } from '../../lib/page-head.ts';

/** A tournament's link preview (issue 12): its flyer, title, dates (issue 34), place and prize pool. */
export function tournamentPreview(t: Tournament): PagePreview {
  const facts = [
    ...tournamentDates(t).map((date) => formatTournamentDate(date, formatLongDateTime)),
    t.location,
    t.prizePool > 0 ? `${formatMoney(t.prizePool)} prize pool` : null,
    t.division ? divisionNames[t.division] : null,
  ].filter(Boolean);
  const about = t.description?.trim();
  return {
    title: `${t.title} | WTA League`,
    description: `${facts.join(' · ')}.${about ? ` ${about}` : ''}`,
    image: t.flyerUrl,
  };
}
