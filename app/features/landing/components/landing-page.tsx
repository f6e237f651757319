import { css } from '../../../../styled-system/css';
import type { HeroVideo } from '../../../../edge/features/tournaments/schema.ts';
import type { LandingUser } from '../landing-links.ts';
import type { HeroUser } from '../primary-action.ts';
import { Audience } from './audience.tsx';
import { DivisionGrid } from './division-grid.tsx';
import { FeatureCards } from './feature-cards.tsx';
import { Hero, type NextTournamentState } from './hero.tsx';
import { Intro } from './intro.tsx';
import { LeagueCards } from './league-cards.tsx';
import { QuickLinks } from './quick-links.tsx';
import { HydrateLater } from '../../../ui/hydrate-later.tsx';

const contentClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '12', md: '16' },
  maxWidth: '7xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '16' },
  width: 'full',
});

export interface LandingPageProps {
  user: (HeroUser & LandingUser) | null;
  hasRegistrations: boolean | undefined;
  next: NextTournamentState | null;
  heroVideo: HeroVideo | undefined;
  heroVideoSettled: boolean;
  introOpen: boolean;
  onIntroDone: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

/** The landing page of 000 s2, in its order: intro overlay, hero, the mobile list, cards and divisions. */
export function LandingPage(props: LandingPageProps) {
  const { user, introOpen } = props;
  return (
    <>
      <Intro open={introOpen} onDone={props.onIntroDone} />
      <Hero
        user={user}
        hasRegistrations={props.hasRegistrations}
        next={props.next}
        video={props.heroVideo}
        videoSettled={props.heroVideoSettled}
        videoEnabled={!introOpen}
      />
      <div className={contentClass}>
        {/* Below the hero, each in a task of its own (issue 12, TBT). */}
        <HydrateLater>
          <QuickLinks user={user} onLogout={props.onLogout} loggingOut={props.loggingOut} />
        </HydrateLater>
        <HydrateLater>
          <FeatureCards user={user} />
        </HydrateLater>
        <HydrateLater>
          <DivisionGrid />
        </HydrateLater>
        <HydrateLater>
          <Audience />
        </HydrateLater>
        <HydrateLater>
          <LeagueCards />
        </HydrateLater>
      </div>
    </>
  );
}
