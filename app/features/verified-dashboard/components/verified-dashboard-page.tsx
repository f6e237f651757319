import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Crown, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import type { CurrentUser } from '../../../../edge/lib/current-user.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatPoints } from '../../../lib/points.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { verifiedDashboardQueryOptions } from '../queries.ts';
import { BenefitsTab, HostedTab, MediaTab, StatisticsTab } from './dashboard-tabs.tsx';

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
const headerClass = css({
  alignItems: { base: 'flex-start', sm: 'center' },
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: '5',
  p: { base: '5', md: '6' },
});
const nameClass = css({
  fontFamily: 'display',
  fontSize: { base: '3xl', md: '4xl' },
  fontWeight: 'black',
  lineHeight: 'tight',
  overflowWrap: 'anywhere',
  textTransform: 'uppercase',
});
const pointsClass = css({ display: 'flex', flexDirection: 'column', ml: { sm: 'auto' } });
const pointsValueClass = css({ fontSize: '3xl', fontWeight: 'black' });
const cardsClass = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
});
const actionCardClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '5',
  '& > svg': { height: '7', width: '7' },
});
const cardTitleClass = css({ fontSize: 'xl', fontWeight: 'extrabold' });
const mutedClass = css({ color: 'fg.muted' });
const bannerClass = css({
  background: 'verified.subtle',
  borderColor: 'verified.border',
  borderRadius: 'l3',
  borderWidth: '1px',
  color: 'verified.text',
  fontWeight: 'semibold',
  p: { base: '4', md: '5' },
});
const tabListClass = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
});
const tabTriggerClass = css({ px: '2', textStyle: { base: 'sm', sm: 'md' } });
const tabPanelClass = css({ pt: '4' });

function ActionCard({
  icon,
  title,
  text,
  href,
  label,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  href: string;
  label: string;
}) {
  return (
    <Card className={actionCardClass}>
      {icon}
      <h2 className={cardTitleClass}>{title}</h2>
      <p className={mutedClass}>{text}</p>
      <LinkButton href={href} variant="gold">
        {label}
      </LinkButton>
    </Card>
  );
}

/** /verified-dashboard (001 s2, D32): the header, the three cards, the banner and four tabs from real data. */
export function VerifiedDashboardPage({ user }: { user: CurrentUser }) {
  const query = useQuery(verifiedDashboardQueryOptions);
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <div className={pageClass}>
      <Card className={headerClass}>
        <Avatar name={name} src={user.profileImageUrl} size="xl" verified />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: '0' })}>
          <h1 className={nameClass}>{name}</h1>
          <div>
            <VerifiedBadge />
          </div>
        </div>
        <p className={pointsClass}>
          <span className={mutedClass}>WTA Points</span>
          <span className={pointsValueClass}>{formatPoints(query.data?.statistics.points ?? user.wtaPoints)}</span>
        </p>
      </Card>
      <div className={cardsClass}>
        <ActionCard
          icon={<Crown aria-hidden="true" />}
          title="Host a Tournament"
          text="Submit your own tournament for admin approval."
          href="/host-tournament"
          label="Submit Tournament"
        />
        <ActionCard
          icon={<CalendarDays aria-hidden="true" />}
          title="Media Day"
          text="Photos, interviews and sponsor meetings."
          href="/media-day-rsvp"
          label="RSVP Now"
        />
        <ActionCard
          icon={<Trophy aria-hidden="true" />}
          title="Early Access"
          text="24-hour early registration for every event."
          href="/tournaments"
          label="View Tournaments"
        />
      </div>
      <p className={bannerClass}>
        You have exclusive access to host tournaments, RSVP for media days, and 24-hour early registration for all
        events.
      </p>
      {query.isPending ? (
        <p role="status" className={mutedClass}>
          Loading your records...
        </p>
      ) : query.isError ? (
        <Alert role="alert" tone="danger" title="Failed to load your records">
          <p>{getErrorMessage(query.error) ?? 'Please check your connection and try again.'}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <TabsRoot defaultValue="statistics" lazyMount>
          <TabsList className={tabListClass} aria-label="Verified member records">
            <TabsTrigger value="statistics" className={tabTriggerClass}>
              Statistics
            </TabsTrigger>
            <TabsTrigger value="hosted" className={tabTriggerClass}>
              Hosted Tournaments
            </TabsTrigger>
            <TabsTrigger value="media" className={tabTriggerClass}>
              Media Appearances
            </TabsTrigger>
            <TabsTrigger value="benefits" className={tabTriggerClass}>
              Benefits History
            </TabsTrigger>
          </TabsList>
          <TabsContent value="statistics" className={tabPanelClass}>
            <StatisticsTab stats={query.data.statistics} />
          </TabsContent>
          <TabsContent value="hosted" className={tabPanelClass}>
            <HostedTab hosted={query.data.hosted} />
          </TabsContent>
          <TabsContent value="media" className={tabPanelClass}>
            <MediaTab appearances={query.data.mediaAppearances} />
          </TabsContent>
          <TabsContent value="benefits" className={tabPanelClass}>
            <BenefitsTab benefits={query.data.benefits} />
          </TabsContent>
        </TabsRoot>
      )}
    </div>
  );
}
