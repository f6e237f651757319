import { Ticket, Trophy } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { LinkButton } from '../../../ui/link-button.tsx';
import { primaryAction, type HeroUser } from '../primary-action.ts';

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
  px: '4',
  py: { base: '16', md: '28' },
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
const audienceClass = css({ color: 'inverse.muted', maxWidth: '2xl', textStyle: { base: 'md', md: 'lg' } });
const actionsClass = css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, gap: '3', pt: '2' });
const secondaryClass = css({
  borderColor: 'inverse.fg',
  color: 'inverse.fg',
  _hover: { background: 'inverse.hover' },
});

/** The landing hero (000 s2): title, tagline, the primary button for this visitor, and Buy Tickets. */
export function Hero({ user }: { user: HeroUser | null }) {
  const action = primaryAction(user);
  return (
    <section className={heroClass} aria-labelledby="hero-title">
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
          <LinkButton href={action.href} variant="gold" size="xl">
            <Trophy aria-hidden="true" />
            {action.label}
          </LinkButton>
          <LinkButton href="/tournaments" variant="outline" size="xl" className={secondaryClass}>
            <Ticket aria-hidden="true" />
            Buy Tickets
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
