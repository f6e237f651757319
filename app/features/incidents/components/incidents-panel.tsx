import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { AdminIncident, IncidentFilter } from '../../../../edge/features/incidents/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { toast } from '../../../ui/toast.tsx';
import { adminIncidentsQueryOptions, refreshConduct } from '../queries.ts';
import { consequenceLabels, DecideDialog, ResolveAppealDialog } from './decide-dialogs.tsx';
import { MemberStandingActions } from './member-standing-actions.tsx';
import { NewIncidentDialog } from './new-incident-dialog.tsx';

const panelClass = css({ display: 'flex', flexDirection: 'column', gap: '4', pt: '2' });
const headClass = css({
  alignItems: 'end',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  justifyContent: 'space-between',
});
const titleClass = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'extrabold' });
const filterClass = css({ minWidth: '48' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const cardClass = css({ display: 'flex', flexDirection: 'column', gap: '3', p: { base: '4', md: '5' } });
const rowClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '2' });
const nameClass = css({ fontWeight: 'extrabold', textStyle: 'lg', overflowWrap: 'anywhere' });
const mutedClass = css({ color: 'fg.muted', textStyle: 'sm' });
const textClass = css({ overflowWrap: 'anywhere', whiteSpace: 'pre-line' });
const quoteClass = css({
  borderLeftWidth: '4px',
  borderColor: 'border.default',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  m: '0',
  pl: '3',
});
const emptyClass = css({ color: 'fg.muted', py: '6', textAlign: 'center' });
const skeletonClass = css({
  animation: 'skeleton-pulse',
  background: 'bg.emphasized',
  borderRadius: 'l3',
  height: '32',
});

const filterOptions = [
  { value: 'all', label: 'All incidents' },
  { value: 'open', label: 'Open' },
  { value: 'decided', label: 'Decided' },
  { value: 'appeals', label: 'Appeals to review' },
];

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

function IncidentCard({
  incident,
  onDecide,
  onAppeal,
}: {
  incident: AdminIncident;
  onDecide: () => void;
  onAppeal: () => void;
}) {
  const titleId = `incident-${incident.id}-title`;
  return (
    <li>
      <Card className={cardClass}>
        <div className={rowClass}>
          <h3 id={titleId} className={nameClass}>
            #{incident.id} {fullName(incident.member)}
          </h3>
          <Badge tone={incident.status === 'open' ? 'accent' : 'neutral'}>
            {incident.status === 'open' ? 'Open' : 'Decided'}
          </Badge>
          {incident.consequence ? (
            <Badge tone={incident.consequence === 'none' ? 'neutral' : 'danger'}>
              {consequenceLabels[incident.consequence]}
              {incident.suspensionDays ? `: ${incident.suspensionDays} days` : ''}
            </Badge>
          ) : null}
          {incident.liftedAt ? <Badge tone="neutral">Lifted</Badge> : null}
        </div>
        <p className={mutedClass}>
          {incident.member.email} · reported {formatLongDateTime(incident.createdAt)} by{' '}
          {incident.reporter ? fullName(incident.reporter) : 'a former member'} (
          {incident.source === 'admin' ? 'admin' : 'member'})
          {incident.messageId ? ` · about message #${incident.messageId}` : ''}
        </p>
        <p className={textClass}>{incident.description}</p>
        {incident.reportedMessage ? (
          <figure className={quoteClass}>
            <figcaption className={mutedClass}>
              Reported message, sent {formatLongDateTime(incident.reportedMessage.sentAt)}
              {incident.reportedMessage.fromMember ? ` by ${fullName(incident.member)}` : ' to them'}
            </figcaption>
            <blockquote className={textClass}>{incident.reportedMessage.body}</blockquote>
          </figure>
        ) : null}
        {incident.note ? (
          <p className={textClass}>
            <strong>Reason given:</strong> {incident.note}
          </p>
        ) : null}
        {incident.appeal ? (
          <p className={textClass}>
            <strong>Appeal ({incident.appeal.status}):</strong> {incident.appeal.text}
            {incident.appeal.response ? ` — Response: ${incident.appeal.response}` : ''}
          </p>
        ) : null}
        <div className={rowClass}>
          {incident.status === 'open' ? (
            <Button size="sm" onClick={onDecide}>
              Decide<span className={css({ srOnly: true })}> incident #{incident.id}</span>
            </Button>
          ) : null}
          {incident.appeal?.status === 'pending' ? (
            <Button size="sm" onClick={onAppeal}>
              Review Appeal<span className={css({ srOnly: true })}> on incident #{incident.id}</span>
            </Button>
          ) : null}
          <MemberStandingActions
            memberId={incident.member.id}
            memberName={fullName(incident.member)}
            standing={incident.standing}
          />
        </div>
      </Card>
    </li>
  );
}

/** The admin Incidents tab (D24): conduct reports, their consequences and appeals, newest first, filtered. */
export function IncidentsPanel() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<IncidentFilter | 'all'>('all');
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'decide' | 'appeal'; incident: AdminIncident } | null>(
    null,
  );
  const query = useInfiniteQuery(adminIncidentsQueryOptions(filter));
  const list = query.data?.pages.flatMap((p) => p.incidents) ?? [];
  const done = (title: string) => async () => {
    toast({ title, description: 'Saved and written to the audit log.' });
    await refreshConduct(queryClient);
  };

  return (
    <section className={panelClass} aria-labelledby="incidents-title">
      <div className={headClass}>
        <h2 id="incidents-title" className={titleClass}>
          Incident Reports
        </h2>
        <Button onClick={() => setDialog({ kind: 'new' })}>
          <Plus aria-hidden="true" />
          New Incident
        </Button>
      </div>
      <SelectField
        className={filterClass}
        label="Show"
        name="incident-filter"
        options={filterOptions}
        value={filter}
        onChange={(e) => setFilter(e.target.value as IncidentFilter | 'all')}
      />
      {query.isPending ? (
        <div className={listClass} aria-busy="true" aria-label="Loading incidents">
          <div className={skeletonClass} />
          <div className={skeletonClass} />
        </div>
      ) : query.isError ? (
        <Alert role="alert" tone="danger" title="Failed to load incidents">
          <p>{getErrorMessage(query.error) ?? 'Please check your connection and try again.'}</p>
          <Button size="sm" variant="outline" tone="danger" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <p className={emptyClass}>No incidents reported</p>
      ) : (
        <ul className={listClass} aria-label="Incidents">
          {list.map((incident) => (
            <IncidentCard
              key={incident.id}
              incident={incident}
              onDecide={() => setDialog({ kind: 'decide', incident })}
              onAppeal={() => setDialog({ kind: 'appeal', incident })}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
      {dialog?.kind === 'new' ? (
        <NewIncidentDialog onDone={done('Incident Created')} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'decide' ? (
        <DecideDialog incident={dialog.incident} onDone={done('Incident Decided')} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'appeal' ? (
        <ResolveAppealDialog
          incident={dialog.incident}
          onDone={done('Appeal Resolved')}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}
