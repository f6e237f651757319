import type { ReactNode } from 'react';
import type { BracketMatch } from '../../../../edge/features/competition/schema.ts';
import { bracketSections } from '../bracket-layout.ts';
import { BracketLegend } from './bracket-legend.tsx';
import { BracketSectionView } from './bracket-section.tsx';
import type { MatchManagement } from './match-card.tsx';

export interface BracketViewProps {
  matches: readonly BracketMatch[];
  /** The tournament is completed: no round is current. */
  finished: boolean;
  now: Date;
  /** The admin's or host's buttons on the cards (the Bracket tab only). */
  manage?: MatchManagement | undefined;
  /** Shown between the legend and the rounds (the standings tables of round robin, Swiss and pools). */
  beforeRounds?: ReactNode;
}

/**
 * A bracket drawn as 000 s2 draws it: the legend, then each section with a column per named round and a card per
 * match. The Bracket tab and the archive's details dialog both draw with it, so they name and show matches alike.
 */
export default function BracketView({ matches, finished, now, manage, beforeRounds }: BracketViewProps) {
  const sections = bracketSections(matches, { finished });
  return (
    <>
      <BracketLegend />
      {beforeRounds}
      {sections.map((section) => (
        <BracketSectionView
          key={section.key}
          section={section}
          hideTitle={sections.length === 1 && section.key === 'main'}
          now={now}
          manage={manage}
        />
      ))}
    </>
  );
}
