import { BadgeCheck, HandHeart } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { LinkCard } from './link-card.tsx';

const gridClass = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } });

/** The two closing cards of 000 s2: verified status and the $1 donation. */
export function LeagueCards() {
  return (
    <section aria-label="Get verified or donate">
      <ul className={gridClass}>
        <li>
          <LinkCard href="/auth" title="Apply for Verified Status" icon={<BadgeCheck />} headingLevel="h2">
            The gold badge, 24-hour early registration, hosting your own tournaments, Media Day and exclusive perks.
          </LinkCard>
        </li>
        <li>
          <LinkCard href="/donate" title="Donate $1 to the League" icon={<HandHeart />} headingLevel="h2">
            One dollar keeps the prize pools growing and the lights on for the next tournament.
          </LinkCard>
        </li>
      </ul>
    </section>
  );
}
