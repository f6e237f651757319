import { LayoutDashboard, Trophy, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { featureCards, type FeatureKind, type LandingUser } from '../landing-links.ts';
import { LandingSection, LinkCard } from './link-card.tsx';

const icons: Record<FeatureKind, ReactNode> = {
  'free-agency': <UserPlus />,
  'build-team': <Users />,
  dashboard: <LayoutDashboard />,
  support: <Trophy />,
};

const gridClass = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' } });

/** The three feature cards of 000 s2, chosen by who is signed in. */
export function FeatureCards({ user }: { user: LandingUser | null }) {
  return (
    <LandingSection id="feature-cards-title" title="Play, Build or Support">
      <ul className={gridClass}>
        {featureCards(user).map((card) => (
          <li key={card.kind}>
            <LinkCard href={card.href} title={card.title} icon={icons[card.kind]}>
              {card.description}
            </LinkCard>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
