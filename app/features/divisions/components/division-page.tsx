import { AlertTriangle, CalendarPlus, RotateCw, Ticket } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import type { Division } from '../../../../edge/features/tournaments/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { DivisionTournamentCard } from './division-tournament-card.tsx';
import { gridClass } from './styles.ts';
import { TopPlayers } from './top-players.tsx';
import { UpcomingTournaments } from './upcoming-tournaments.tsx';
import { HydrateLater } from '../../../ui/hydrate-later.tsx';

const headerClass = css({
  background: 'inverse.bg',
  borderBottomWidth: '3px',
  borderColor: 'inverse.accent',
  color: 'inverse.fg',
});
const headerInnerClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  maxWidth: '7xl',
  mx: 'auto',
  px: '4',
  py: { base: '10', md: '14' },
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
  fontSize: { base: '4xl', md: '6xl' },
  fontWeight: 'black',
  letterSpacing: 'tight',
  lineHeight: 'none',
  textTransform: 'uppercase',
});
const contentClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '10', md: '12' },
  maxWidth: '7xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '12' },
  width: 'full',
});
// Mobile first: one column (tournaments, then champions, then players). From lg the tournaments and champions share
// the left half and the top players table the right, so a desktop is used, not two thirds left empty.
const layoutClass = css({
  alignItems: 'start',
  display: 'grid',
  gap: { base: '10', md: '12', lg: '10' },
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
  maxWidth: '7xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '12' },
  width: 'full',
});
const columnClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '10', md: '12', lg: '10' },
  minWidth: '0',
});
const sectionTitleClass = css({
  fontFamily: 'display',
  fontSize: { base: '2xl', md: '3xl' },
  fontWeight: 'black',
  textTransform: 'uppercase',
});
const emptyClass = css({
  background: 'bg.subtle',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderStyle: 'dashed',
  borderWidth: '1px',
  color: 'fg.muted',
  px: '4',
  py: '6',
  textAlign: 'center',
});

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })}
    >
      <h2 id={id} className={sectionTitleClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className={emptyClass}>{children}</p>;
}

function Header({ name, slug }: { name: ReactNode; slug: string }) {
  return (
    <div className={headerClass}>
      <div className={headerInnerClass}>
        <p className={eyebrowClass}>Division</p>
        <h1 className={titleClass}>{name}</h1>
        <p className={css({ color: 'inverse.muted', maxWidth: '2xl' })}>
          One-day cash tournaments and the division&apos;s best players by WTA points.
        </p>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
          <LinkButton href="/tournaments" variant="gold" size="lg">
            <Ticket aria-hidden="true" />
            All Tournaments
          </LinkButton>
          {/* D45: the division's tournaments as a calendar feed a calendar app subscribes to. */}
          <a className={button({ variant: 'inverse', size: 'lg' })} href={`/api/calendar/divisions/${slug}.ics`}>
            <CalendarPlus aria-hidden="true" />
            Subscribe
          </a>
        </div>
      </div>
    </div>
  );
}

/** A division page (D17): its upcoming and live tournaments, recent champions, and top players. */
export function DivisionPage({ division }: { division: Division }) {
  return (
    <>
      <Header name={division.name} slug={division.slug} />
      <div className={layoutClass}>
        <div className={columnClass}>
          {/* Each section in a task of its own after the header (issue 12, TBT). */}
          <HydrateLater>
            <Section id="division-upcoming" title="Upcoming Tournaments">
              {division.upcoming.length > 0 ? (
                <UpcomingTournaments division={division} />
              ) : (
                <Empty>No upcoming tournaments in this division</Empty>
              )}
            </Section>
          </HydrateLater>
          <HydrateLater>
            <Section id="division-recent" title="Recent Champions">
              {division.recent.length > 0 ? (
                <ul className={gridClass}>
                  {division.recent.map((tournament) => (
                    <li key={tournament.id}>
                      <DivisionTournamentCard tournament={tournament} />
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty>No completed tournaments in this division yet</Empty>
              )}
            </Section>
          </HydrateLater>
        </div>
        <HydrateLater>
          <Section id="division-players" title="Top Players">
            {division.topPlayers.length > 0 ? (
              <TopPlayers players={division.topPlayers} />
            ) : (
              <Empty>No ranked players in this division yet</Empty>
            )}
          </Section>
        </HydrateLater>
      </div>
    </>
  );
}

/** 000 s8: a failed fetch names what failed, with the server's message when there is one, and Try Again. */
export function DivisionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = getErrorMessage(error);
  return (
    <div className={contentClass}>
      <Alert role="alert" tone="danger" title="Failed to fetch division" icon={<AlertTriangle />}>
        {message ? <p>{message}</p> : null}
        <Button className={css({ mt: '2' })} variant="outline" tone="danger" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Try Again
        </Button>
      </Alert>
    </div>
  );
}
