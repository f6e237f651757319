import { useInfiniteQuery, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { badge } from '../../../../styled-system/recipes';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { unreadCount } from '../dashboard-display.ts';
import { loadedNotifications } from '../mutations.ts';
import {
  currentTeamQueryOptions,
  myRegistrationsQueryOptions,
  notificationsQueryOptions,
  playerMatchesQueryOptions,
  unreadCountQueryOptions,
  waiverStatusQueryOptions,
  winningsQueryOptions,
} from '../queries.ts';
import { DashboardActions } from './dashboard-actions.tsx';
import { MatchHistory } from './match-history.tsx';
import { NotificationsPanel } from './notification-list.tsx';
import { ProfileCard, type DashboardProfile } from './profile-card.tsx';
import { WaiverAlert } from './waiver-alert.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '5', md: '6' },
  maxWidth: '5xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '3xl', md: '4xl' },
  fontWeight: 'black',
  lineHeight: 'tight',
  textTransform: 'uppercase',
});
const tabListClass = css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' });
const tabTriggerClass = css({ gap: '2', px: '2', textStyle: { base: 'sm', sm: 'md' } });
const countClass = badge({ tone: 'verified' });
const historyClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const retryClass = css({ mt: '2' });

export interface DashboardPageProps {
  /** The signed-in user (never an owner: owners are sent to /teams). */
  user: DashboardProfile & { role: string };
  /** What the route shows under the title: the outbox's 'Waiting to send' (issue 5). */
  outbox?: ReactNode;
  /** The member's conduct decisions with their appeal (D24), composed by the route; nothing for most members. */
  conduct?: ReactNode;
  /** D39: the entries whose check-in is open, with Check In (composed by the route); nothing outside a window. */
  checkIn?: ReactNode;
  /** A signed waiver waits in the outbox: no 'not signed' alert or badge (the outbox reads 'Signed - waiting to upload'). */
  waiverUploading?: boolean;
}

/** /dashboard (000 s2): the waiver alert, the profile card, where to go next, match history and notifications. */
export function DashboardPage({ user, outbox, conduct, checkIn, waiverUploading = false }: DashboardPageProps) {
  const isPlayer = user.role === 'player';
  // A fan cannot sign the waiver (000 s2 sends them to /auth), so neither the alert nor the badge concerns them.
  const waiverApplies = user.role !== 'fan';

  const { data: registrations } = useSuspenseQuery(myRegistrationsQueryOptions);
  const team = useQuery({ ...currentTeamQueryOptions, enabled: isPlayer });
  // Another screen's call: when it fails the dashboard simply shows no waiver alert or badge.
  const waiver = useQuery({ ...waiverStatusQueryOptions, enabled: waiverApplies });
  const unreadMessages = useQuery(unreadCountQueryOptions).data ?? 0;
  const unreadNotifications = unreadCount(loadedNotifications(useInfiniteQuery(notificationsQueryOptions).data));
  // The matches and winnings are their own calls: when one fails the rest of the tab still shows.
  const matches = useQuery(playerMatchesQueryOptions);
  const winnings = useQuery(winningsQueryOptions);
  const historyFailure = matches.isError ? matches.error : winnings.isError ? winnings.error : null;

  const currentTeam = isPlayer && team.data?.hasTeam ? team.data.team : null;
  const waiverSigned =
    waiverApplies && waiver.data && !(waiverUploading && !waiver.data.hasSigned) ? waiver.data.hasSigned : undefined;

  return (
    <div className={pageClass}>
      <h1 className={titleClass}>Dashboard</h1>
      {outbox}
      {waiverSigned === false ? <WaiverAlert /> : null}
      {checkIn}
      {conduct}
      <ProfileCard profile={user} team={currentTeam} waiverSigned={waiverSigned} />
      <DashboardActions
        role={user.role}
        isVerified={user.isVerified}
        hasTeam={currentTeam !== null}
        unreadMessages={unreadMessages}
      />
      <TabsRoot defaultValue="history" lazyMount>
        <TabsList className={tabListClass} aria-label="Dashboard sections">
          <TabsTrigger value="history" className={tabTriggerClass}>
            Match History
          </TabsTrigger>
          <TabsTrigger value="notifications" className={tabTriggerClass}>
            Notifications
            {unreadNotifications > 0 ? (
              <>
                <span className={cx(countClass)} aria-hidden="true">
                  {unreadNotifications}
                </span>
                <VisuallyHidden>{`, ${unreadNotifications} unread`}</VisuallyHidden>
              </>
            ) : null}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="history" className={historyClass}>
          {historyFailure ? (
            <Alert role="alert" tone="danger" title="Failed to load your matches" icon={<AlertTriangle />}>
              <p>{getErrorMessage(historyFailure) ?? 'Please check your connection and try again.'}</p>
              <Button
                className={retryClass}
                variant="outline"
                tone="danger"
                size="sm"
                onClick={() => {
                  if (matches.isError) void matches.refetch();
                  if (winnings.isError) void winnings.refetch();
                }}
              >
                <RotateCw aria-hidden="true" />
                Retry
              </Button>
            </Alert>
          ) : null}
          <MatchHistory
            registrations={registrations ?? []}
            matches={matches.data ?? []}
            winnings={winnings.data ?? []}
            fan={user.role === 'fan'}
          />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsPanel invites={isPlayer} />
        </TabsContent>
      </TabsRoot>
    </div>
  );
}
