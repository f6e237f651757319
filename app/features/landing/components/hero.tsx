import { LayoutDashboard, Send, Shield, Ticket, Trophy } from 'lucide-react';
import { css, cx } from '../../../../styled-system/css';
import type { HeroVideo } from '../../../../edge/features/tournaments/schema.ts';
import { Countdown } from '../../../ui/countdown.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { primaryAction, type HeroUser } from '../primary-action.ts';
import { HeroBackground } from './hero-video.tsx';

const heroClass = css({
  background: 'inverse.bg',
  color: 'inverse.fg',
  overflow: 'hidden',
  position: 'relative',
});
const innerClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '5', md: '6' },
  maxWidth: '7xl',
  mx: 'auto',
  position: 'relative',
  px: '4',
  py: { base: '14', md: '24' },
});
const eyebrowClass = css({
  color: 'inverse.accent',
  fontWeight: 'bold',
  letterSpacing: 'widest',
  textStyle: 'sm',
  textTransform: 'uppercase',
});
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '5xl', sm: '6xl', md: '8xl' },
  fontWeight: 'black',
  letterSpacing: 'tight',
  lineHeight: 'none',
  textTransform: 'uppercase',
});
const goldClass = css({ color: 'inverse.accent' });
const taglineClass = css({ fontSize: { base: 'xl', md: '3xl' }, fontWeight: 'bold', maxWidth: '3xl' });
const audienceClass = css({ color: 'inverse.fg', maxWidth: '2xl', textStyle: { base: 'md', md: 'lg' } });
const actionsClass = css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, gap: '3', pt: '2' });
const secondaryClass = css({
  background: 'inverse.plate',
  borderColor: 'inverse.fg',
  color: 'inverse.fg',
  _hover: { background: 'inverse.bg' },
});
// The countdown is an ordinary light/dark surface on the hero, so its own colours keep their contrast.
const countdownPanelClass = css({
  alignSelf: 'flex-start',
  background: 'bg.default',
  borderColor: 'inverse.accent',
  borderRadius: 'l3',
  borderWidth: '2px',
  color: 'fg.default',
  maxWidth: 'full',
  px: '4',
  py: '3',
});
const skeletonClass = css({ animation: 'skeleton-pulse', background: 'inverse.plate', borderRadius: 'l2' });

/** The next tournament's countdown as the hero shows it: signed-in visitors only (000 s2). */
export type NextTournamentState =
  | { status: 'pending' }
  | { status: 'error' }
  | { status: 'success'; startDate: string | null };

export interface HeroProps {
  user: HeroUser | null;
  /** Whether my-registrations has anything; undefined while it loads (signed in) or for guests. */
  hasRegistrations: boolean | undefined;
  /** Null for guests (no countdown). */
  next: NextTournamentState | null;
  video: HeroVideo | undefined;
  videoSettled: boolean;
  videoEnabled: boolean;
}

/**
 * The landing hero (000 s2): background video, title, tagline, the primary button for this visitor, Buy Tickets,
 * and the Next Tournament countdown when signed in. Nothing is guessed while data loads: placeholders hold the
 * space of the button and the countdown.
 */
export function Hero({ user, hasRegistrations, next, video, videoSettled, videoEnabled }: HeroProps) {
  const waitingForRegistrations = user !== null && hasRegistrations === undefined;
  const action = primaryAction(user, hasRegistrations === true);
  return (
    <section className={heroClass} aria-labelledby="hero-title">
      <HeroBackground video={video} settled={videoSettled} enabled={videoEnabled} />
      <div className={innerClass}>
        <p className={eyebrowClass}>One-day tournaments · Eight divisions · Cash prizes</p>
        <h1 id="hero-title" className={titleClass}>
          WTA <span className={goldClass}>League</span>
        </h1>
        <p className={taglineClass}>Where You Win Cash, Not Trophies for Bragging Rights</p>
        <p className={audienceClass}>
          Built for the underdogs, streamers, athletes and creators. Show up, compete for one day, and leave with the
          prize money.
        </p>
        <div className={actionsClass}>
          {waitingForRegistrations ? (
            <span
              aria-hidden="true"
              data-testid="primary-action-placeholder"
              className={cx(skeletonClass, css({ height: '14', width: { base: 'full', sm: '64' } }))}
            />
          ) : (
            <LinkButton href={action.href} variant="gold" size="xl">
              {actionIcon(action.label)}
              {action.label}
            </LinkButton>
          )}
          <LinkButton href="/tournaments" variant="outline" size="xl" className={secondaryClass}>
            <Ticket aria-hidden="true" />
            Buy Tickets
          </LinkButton>
        </div>
        {next ? <NextTournament next={next} /> : null}
      </div>
    </section>
  );
}

function actionIcon(label: string) {
  if (label === 'Send Ticket Link') return <Send aria-hidden="true" />;
  if (label === 'Admin Dashboard') return <Shield aria-hidden="true" />;
  if (label === 'My Dashboard') return <LayoutDashboard aria-hidden="true" />;
  return <Trophy aria-hidden="true" />;
}

function NextTournament({ next }: { next: NextTournamentState }) {
  // A failed call shows nothing rather than a made-up 'No tournament scheduled'.
  if (next.status === 'error') return null;
  if (next.status === 'pending') {
    return <div aria-hidden="true" className={cx(skeletonClass, css({ height: '32', width: { base: 'full', sm: '96' } }))} />;
  }
  return (
    <div className={countdownPanelClass}>
      <Countdown targetDate={next.startDate} label="Next Tournament" />
    </div>
  );
}
