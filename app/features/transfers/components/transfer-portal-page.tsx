import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { AlertTriangle, Repeat, RotateCw, ShieldAlert } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { currentTeamQueryOptions, transfersQueryOptions } from '../queries.ts';
import { describeMove } from '../transfer-display.ts';
import { RequestList } from './request-list.tsx';
import { TransferForm } from './transfer-form.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '5', md: '6' },
  maxWidth: '3xl',
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
const leadClass = css({ color: 'fg.muted', mt: '1' });
const skeletonClass = css({
  animation: 'skeleton-pulse',
  background: 'bg.emphasized',
  borderRadius: 'l3',
  height: '48',
});

/** /transfer-portal (000 s2): players request a transfer and see 'My Requests'; owners decide 'Incoming Requests'. */
export function TransferPortalPage({ role }: { role: 'player' | 'owner' }) {
  return (
    <div className={pageClass}>
      <header>
        <h1 className={titleClass}>Transfer Portal</h1>
        <p className={leadClass}>
          {role === 'owner'
            ? 'Requests to join your team, and from your players who want to leave for free agency.'
            : 'Ask to move to another team or to free agency. The owner who decides will approve or reject it.'}
        </p>
      </header>
      {role === 'player' ? <PlayerSide /> : <RequestList title="Incoming Requests" decide />}
    </div>
  );
}

function PlayerSide() {
  const team = useQuery(currentTeamQueryOptions);
  const requests = useInfiniteQuery(transfersQueryOptions);
  const pending = requests.data?.pages[0]?.requests.find((r) => r.status === 'pending');
  let top;
  if (team.isPending || requests.isPending) {
    top = <div aria-hidden="true" className={skeletonClass} />;
  } else if (team.isError) {
    top = (
      <Alert role="alert" tone="danger" title="Failed to load your team" icon={<AlertTriangle />}>
        <p>{getErrorMessage(team.error) ?? 'Please check your connection and try again.'}</p>
        <Button
          className={css({ mt: '2' })}
          variant="outline"
          tone="danger"
          size="sm"
          onClick={() => void team.refetch()}
        >
          <RotateCw aria-hidden="true" />
          Try Again
        </Button>
      </Alert>
    );
  } else if (!team.data?.hasTeam || !team.data.team) {
    top = (
      <Alert tone="verified" title="You are not on a team" icon={<Repeat />}>
        <p>
          Transfer requests are for players on a team. Find one in the Free Agency Pool, where owners invite players.
        </p>
        <LinkButton href="/free-agency" variant="outline" size="sm" className={css({ mt: '2' })}>
          Go to Free Agency
        </LinkButton>
      </Alert>
    );
  } else if (pending) {
    top = (
      <Alert tone="verified" title="Your request is pending" icon={<Repeat />}>
        <p>
          {describeMove(pending)}: waiting for the owner&apos;s decision. You can send another request once it is
          decided.
        </p>
      </Alert>
    );
  } else {
    top = <TransferForm teamName={team.data.team.name} />;
  }
  return (
    <>
      {top}
      <RequestList title="My Requests" decide={false} />
    </>
  );
}

const accessPageClass = css({ maxWidth: '2xl', mx: 'auto', px: '4', py: { base: '10', md: '16' }, width: 'full' });
const accessCardClass = css({
  alignItems: 'center',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: '8',
  textAlign: 'center',
});

/** 000 s6: fans and admins do not request or decide transfers. */
export function PortalAccessOnly() {
  return (
    <div className={accessPageClass}>
      <Card className={accessCardClass}>
        <ShieldAlert aria-hidden="true" className={css({ color: 'fg.muted', height: '12', width: '12' })} />
        <h1 className={titleClass}>Transfer Portal</h1>
        <p>The transfer portal is for players and team owners.</p>
        <LinkButton href="/dashboard">Go to Dashboard</LinkButton>
      </Card>
    </div>
  );
}
