import { CircleDot, Droplets, Flag, Goal, Hand, HandFist, Target, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { divisionNames, divisionSlugs, type DivisionSlug } from '../../../../edge/features/tournaments/schema.ts';
import { LandingSection, LinkCard } from './link-card.tsx';

const icons: Record<DivisionSlug, ReactNode> = {
  hoop: <CircleDot />,
  'flag-football': <Flag />,
  kickball: <Droplets />,
  slap: <Hand />,
  slamball: <Zap />,
  soccer: <Goal />,
  boxing: <HandFist />,
  pickleball: <Target />,
};

const blurbs: Record<DivisionSlug, string> = {
  hoop: '1v1 and small-sided basketball.',
  'flag-football': 'Seven-on-seven, no pads, all speed.',
  kickball: 'Kickball on a soaked slip-and-slide.',
  slap: 'Open-hand slap fighting, one strike at a time.',
  slamball: 'Basketball on trampolines.',
  soccer: 'Small-sided games, short halves.',
  boxing: 'Three-round amateur bouts.',
  pickleball: 'Singles and doubles on the short court.',
};

const gridClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
});

/** The eight Featured Divisions cards of 000 s2, each to /divisions/{slug} (D17). */
export function DivisionGrid() {
  return (
    <LandingSection
      id="featured-divisions-title"
      title="Featured Divisions"
      lead="Eight sports, one league. Every division runs its own one-day cash tournaments."
    >
      <ul className={gridClass}>
        {divisionSlugs.map((slug) => (
          <li key={slug}>
            <LinkCard href={`/divisions/${slug}`} title={divisionNames[slug]} icon={icons[slug]}>
              {blurbs[slug]}
            </LinkCard>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
