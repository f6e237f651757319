import { ArrowLeft, Ban, CalendarDays, MapPin, Trophy, Users } from 'lucide-react';
import { useHydrated } from '../../../ui/client-only.tsx';
import { useState, type ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { isTeamTournament, type Tournament } from '../../../../edge/features/tournaments/schema.ts';
import { useDisplayDates } from '../../../lib/dates.ts';
import { formatTournamentDate, tournamentDates } from '../../../lib/tournament-dates.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Countdown } from '../../../ui/countdown.tsx';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { cancellationOf } from '../cancellation-and-host.ts';
import { entriesStat, firstPlacePrize, formatLabel, teamFormatLabel, type Viewer } from '../tournament-display.ts';
import { ShareActions } from './share-actions.tsx';
import { LiveIndicator, StatusBadge } from './status-badges.tsx';
import { TournamentFlyer } from './tournament-flyer.tsx';
import { HydrateLater } from '../../../ui/hydrate-later.tsx';
import { TournamentOverview } from './tournament-overview.tsx';
import { TeamRegistration, TournamentRegistration, TournamentSponsors, TournamentTickets, usePanelsWhenIdle } from './lazy-panels.tsx';
import { tabFromHash } from '../detail-tabs.ts';

/** The tabs of 000 s2 in its order; 'mvp' exists only while the tournament is live. */
const tabNames = ['overview', 'bracket', 'mvp', 'sponsors', 'registration', 'tickets'] as const;

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '6', md: '8' },
  maxWidth: '7xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const backClass = css({
  alignItems: 'center',
  alignSelf: 'flex-start',
  display: 'inline-flex',
  gap: '1.5',
  minHeight: 'touch',
});
const headerClass = css({
  display: 'grid',
  gap: { base: '6', md: '8' },
  gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
  alignItems: 'start',
});
const headInfoClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const badgesClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '3' });
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '4xl', md: '6xl' },
  fontWeight: 'black',
  lineHeight: 'none',
  overflowWrap: 'anywhere',
  textTransform: 'uppercase',
});
const metaClass = css({ display: 'flex', flexDirection: 'column', gap: '2', textStyle: { base: 'md', md: 'lg' } });
const metaItemClass = css({
  alignItems: 'center',
  display: 'flex',
  gap: '2',
  '& svg': { color: 'fg.muted', flexShrink: '0', height: '5', width: '5' },
});
const asideClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const flyerClass = css({ borderRadius: 'l3' });
const countdownBoxClass = css({
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  p: '4',
});
const statsClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(5, minmax(0, 1fr))',
  },
});
const statClass = css({
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  boxShadow: 'sm',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '4',
  // Five cards in two columns on a phone: the last one takes the whole row.
  _last: { gridColumn: { base: 'span 2', md: 'auto' } },
});
const statLabelClass = css({ color: 'fg.muted', fontWeight: 'semibold', textStyle: 'sm' });
const statValueClass = css({
  fontSize: { base: '2xl', md: '3xl' },
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 'black',
  lineHeight: 'tight',
});
const goldClass = css({ color: 'verified.text' });
// Five or six tabs: three a row on a phone, one row from md up (as many equal columns as there are tabs).
const tabListClass = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(3, minmax(0, 1fr))', md: 'none' },
  gridAutoFlow: { md: 'column' },
  gridAutoColumns: { md: '[minmax(0, 1fr)]' },
});
const tabTriggerClass = css({ px: '2', textStyle: { base: 'sm', sm: 'md' } });

export interface TournamentDetailProps {
  tournament: Tournament;
  viewer: Viewer | null;
  /** Where a guest goes after the log-in prompt of Register and Purchase Ticket (/register). */
  onGuestRedirect: () => void;
  /** The Bracket tab's content (the competition feature, composed by the route). */
  bracket: ReactNode;
  /** The MVP Voting tab's content; the tab shows only while the tournament is live. */
  mvp: ReactNode;
  /** Where a signed-in entrant of a live tournament plays next, shown on the Registration tab. */
  nextMatch?: ReactNode;
}

/** The tournament detail page (000 s2): header, five stat cards and the tabs. */
export function TournamentDetail({
  tournament,
  viewer,
  onGuestRedirect,
  bracket,
  mvp,
  nextMatch,
}: TournamentDetailProps) {
  const { longDateTime } = useDisplayDates();
  usePanelsWhenIdle(isTeamTournament(tournament));
  // A #hash names the tab to open (View Sponsors after a paid sponsorship, a shared link to the Tickets tab).
  // A server-rendered page cannot know the hash: the first render shows Overview as the server did, then the hash's
  // tab opens (ADR 027).
  const hydrated = useHydrated();
  const [picked, setTab] = useState<string | null>(null);
  const chosen = picked ?? (hydrated ? tabFromHash(window.location.hash, tabNames) ?? 'overview' : 'overview');
  const upcoming = tournament.status === 'upcoming';
  const live = tournament.status === 'live';
  const cancellation = cancellationOf(tournament);
  // MVP Voting leaves with the live status (the final's result completes the tournament while the tab is open).
  const tab = chosen === 'mvp' && !live ? 'overview' : chosen;
  const stats = [
    { label: 'Buy-In', value: formatMoney(tournament.buyIn) },
    { label: 'Prize Pool', value: formatMoney(tournament.prizePool), gold: true },
    { label: '1st Place', value: formatMoney(firstPlacePrize(tournament.prizePool)), gold: true },
    entriesStat(tournament),
    { label: 'Registration', value: upcoming ? 'Open' : 'Closed' },
  ];

  return (
    <div className={pageClass}>
      <TextLink href="/tournaments" className={backClass}>
        <ArrowLeft aria-hidden="true" size={18} />
        All Tournaments
      </TextLink>

      {/* The header, the stats and the tabs each hydrate in a task of their own (issue 12, TBT). */}
      <HydrateLater>
        <header className={headerClass}>
          <div className={headInfoClass}>
            <div className={badgesClass}>
              <StatusBadge status={cancellation ? 'cancelled' : tournament.status} />
              {live ? <LiveIndicator /> : null}
            </div>
            <h1 className={titleClass}>{tournament.title}</h1>
            {cancellation ? (
              <Alert tone="danger" title="This tournament has been cancelled" icon={<Ban />}>
                <p>{cancellation.reason ? `Reason: ${cancellation.reason}` : 'No reason was given.'}</p>
                <p>Every paid buy-in and ticket is refunded.</p>
              </Alert>
            ) : null}
            <ul className={metaClass}>
              {tournament.location ? (
                <li className={metaItemClass}>
                  <MapPin aria-hidden="true" />
                  <span className={css({ srOnly: true })}>Location: </span>
                  <span>{tournament.location}</span>
                </li>
              ) : null}
              {/* When it starts; once started (early too), when it started and completed (issue 34). */}
              {tournamentDates(tournament).map((date) => (
                <li key={date.label} className={metaItemClass}>
                  <CalendarDays aria-hidden="true" />
                  <span>{formatTournamentDate(date, longDateTime)}</span>
                </li>
              ))}
              <li className={metaItemClass}>
                <Trophy aria-hidden="true" />
                <span className={css({ srOnly: true })}>Format: </span>
                <span>{formatLabel(tournament.format)}</span>
              </li>
              {teamFormatLabel(tournament) ? (
                <li className={metaItemClass}>
                  <Users aria-hidden="true" />
                  <span className={css({ srOnly: true })}>Entrants: </span>
                  <span>{teamFormatLabel(tournament)}</span>
                </li>
              ) : null}
            </ul>
            <ShareActions tournament={tournament} />
          </div>
          <div className={asideClass}>
            {tournament.flyerUrl ? <TournamentFlyer tournament={tournament} className={flyerClass} priority /> : null}
            {upcoming ? (
              <div className={countdownBoxClass}>
                <Countdown targetDate={tournament.startDate} />
              </div>
            ) : null}
          </div>
        </header>
      </HydrateLater>

      <HydrateLater>
        <section aria-label="Tournament stats">
          <dl className={statsClass}>
            {stats.map((s) => (
              <div key={s.label} className={statClass}>
                <dt className={statLabelClass}>{s.label}</dt>
                <dd className={cx(statValueClass, s.gold ? goldClass : undefined)}>{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </HydrateLater>

      <HydrateLater>
        <TabsRoot value={tab} onValueChange={(details) => setTab(details.value)} lazyMount unmountOnExit>
          <TabsList className={tabListClass} aria-label="Tournament sections">
            <TabsTrigger value="overview" className={tabTriggerClass}>
              Overview
            </TabsTrigger>
            <TabsTrigger value="bracket" className={tabTriggerClass}>
              Bracket
            </TabsTrigger>
            {live ? (
              <TabsTrigger value="mvp" className={tabTriggerClass}>
                MVP Voting
              </TabsTrigger>
            ) : null}
            <TabsTrigger value="sponsors" className={tabTriggerClass}>
              Sponsors
            </TabsTrigger>
            <TabsTrigger value="registration" className={tabTriggerClass}>
              Registration
            </TabsTrigger>
            <TabsTrigger value="tickets" className={tabTriggerClass}>
              Tickets
            </TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <HydrateLater>
              <TournamentOverview tournament={tournament} />
            </HydrateLater>
          </TabsContent>
          <TabsContent value="bracket">{bracket}</TabsContent>
          {live ? <TabsContent value="mvp">{mvp}</TabsContent> : null}
          <TabsContent value="sponsors">
            <TournamentSponsors tournamentId={tournament.id} />
          </TabsContent>
          <TabsContent value="registration">
            {isTeamTournament(tournament) ? (
              <TeamRegistration
                tournament={tournament}
                viewer={viewer}
                onGuestRedirect={onGuestRedirect}
                nextMatch={nextMatch}
              />
            ) : (
              <TournamentRegistration
                tournament={tournament}
                viewer={viewer}
                onGuestRedirect={onGuestRedirect}
                nextMatch={nextMatch}
              />
            )}
          </TabsContent>
          <TabsContent value="tickets">
            <TournamentTickets
              tournamentId={tournament.id}
              status={tournament.status}
              signedIn={viewer !== null}
              onGuestRedirect={onGuestRedirect}
            />
          </TabsContent>
        </TabsRoot>
      </HydrateLater>
    </div>
  );
}
