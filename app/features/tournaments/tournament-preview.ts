import { divisionNames, type Tournament } from '../../../edge/features/tournaments/schema.ts';
import { formatLongDateTime } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import type { PagePreview } from '../../lib/page-head.ts';

/** A tournament's link preview (issue 12): its flyer, title, date, place and prize pool. */
export function tournamentPreview(t: Tournament): PagePreview {
  const facts = [
    formatLongDateTime(t.startDate),
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
