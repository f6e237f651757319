import { Field } from '@ark-ui/react/field';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Pencil, Play, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import type { HostedTournament, ManagerStatus } from '../../../../edge/features/hosting/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useOnlineStatus } from '../../../lib/online-status.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card, CardBody, CardHeader, CardTitle } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../ui/dialog.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { toast } from '../../../ui/toast.tsx';
import { formatName } from '../pending-tournament.ts';
import {
  cancelManagedTournament,
  createManagedTournament,
  editManagedTournament,
  managedTournamentsQueryOptions,
  refreshAdminTournaments,
  startManagedTournament,
} from '../queries.ts';
import { FetchFailure } from './fetch-failure.tsx';
import { emptyClass, listClass, noteClass, scrollListClass, skeletonClass } from './styles.ts';

/** What the manager hands the host form it is given (composed by the /admin route: features never import each other). */
export interface TournamentFormSlotProps {
  /** null: create a new tournament. */
  tournament: HostedTournament | null;
  onSubmit: (payload: unknown) => Promise<void>;
  onCancel: () => void;
}
export type TournamentFormSlot = (props: TournamentFormSlotProps) => ReactNode;

const styles = field();
const headerClass = css({
  alignItems: 'flex-start',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  justifyContent: 'space-between',
});
const rowClass = css({
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '3',
});
const rowTitleClass = css({
  fontWeight: 'bold',
  overflowWrap: 'anywhere',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
});
const factsClass = css({ color: 'fg.muted', display: 'flex', flexWrap: 'wrap', gap: '3', textStyle: 'sm' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const formDialogClass = css({ maxWidth: '3xl' });
const textareaClass = css({ minHeight: '24', py: '2', resize: 'vertical' });
const filterClass = css({ maxWidth: 'xs' });

const statusLabels: Record<ManagerStatus, string> = {
  upcoming: 'Upcoming',
  live: 'Live',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const capacityOf = (t: HostedTournament) =>
  t.maxTeams !== null ? `${t.entrantCount} / ${t.maxTeams} teams` : `${t.entrantCount} / ${t.maxPlayers ?? 32} players`;

type Open =
  | { kind: 'form'; tournament: HostedTournament | null }
  | { kind: 'start'; tournament: HostedTournament }
  | { kind: 'cancel'; tournament: HostedTournament }
  | null;

/** D24: the admin's tournament manager: list by status, create, edit, start now, cancel with a reason. */
export function TournamentManager({ renderForm }: { renderForm: TournamentFormSlot }) {
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const [status, setStatus] = useState<ManagerStatus>('upcoming');
  const [open, setOpen] = useState<Open>(null);
  const query = useInfiniteQuery(managedTournamentsQueryOptions(status));
  const rows = query.data?.pages.flatMap((page) => page.tournaments) ?? [];
  const close = () => setOpen(null);
  const refresh = () => refreshAdminTournaments(queryClient);

  const save = async (payload: unknown) => {
    const editing = open?.kind === 'form' ? open.tournament : null;
    const saved = editing ? await editManagedTournament(editing.id, payload) : await createManagedTournament(payload);
    toast({
      title: editing ? 'Tournament Updated' : 'Tournament Created',
      description: editing ? `${saved.title} is saved.` : `${saved.title} is listed as upcoming.`,
    });
    close();
    await refresh();
  };

  return (
    <Card>
      <CardHeader className={headerClass}>
        <CardTitle as="h2">Tournament Manager</CardTitle>
        <Button onClick={() => setOpen({ kind: 'form', tournament: null })}>
          <Plus aria-hidden="true" />
          Create New Tournament
        </Button>
      </CardHeader>
      <CardBody className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <SelectField
          className={filterClass}
          label="Show"
          name="managerStatus"
          value={status}
          onChange={(e) => setStatus(e.target.value as ManagerStatus)}
          options={Object.entries(statusLabels).map(([value, label]) => ({ value, label }))}
        />
        {query.isPending ? (
          <div className={listClass} aria-busy="true" aria-label="Loading tournaments">
            <div className={cx(skeletonClass, css({ height: '20' }))} />
            <div className={cx(skeletonClass, css({ height: '20' }))} />
          </div>
        ) : query.isError ? (
          <FetchFailure title="Failed to load tournaments" error={query.error} onRetry={() => void query.refetch()} />
        ) : rows.length === 0 ? (
          <p className={emptyClass}>No tournaments to manage</p>
        ) : (
          <section className={scrollListClass} aria-label={`${statusLabels[status]} tournaments`} tabIndex={0}>
            <ul className={listClass}>
              {rows.map((t) => (
                <li key={t.id} className={rowClass}>
                  <AppLink href={`/tournaments/${t.id}`} className={rowTitleClass}>
                    {t.title}
                  </AppLink>
                  <div className={factsClass}>
                    <Badge tone={t.status === 'cancelled' ? 'danger' : t.status === 'live' ? 'accent' : 'neutral'}>
                      {statusLabels[t.status as ManagerStatus] ?? t.status}
                    </Badge>
                    <span>{when.format(new Date(t.startDate))}</span>
                    <span>{formatName(t.format)}</span>
                    <span>{capacityOf(t)}</span>
                    <span>Buy-in {money.format(t.buyIn)}</span>
                    {t.host ? <span>Host: {`${t.host.firstName} ${t.host.lastName}`}</span> : null}
                  </div>
                  {t.cancellationReason ? <p className={noteClass}>Cancelled: {t.cancellationReason}</p> : null}
                  {t.status === 'upcoming' || t.status === 'live' ? (
                    <div className={actionsClass}>
                      <Button size="sm" variant="outline" onClick={() => setOpen({ kind: 'form', tournament: t })}>
                        <Pencil aria-hidden="true" />
                        Edit<span className={css({ srOnly: true })}> {t.title}</span>
                      </Button>
                      {t.status === 'upcoming' ? (
                        <Button size="sm" variant="outline" onClick={() => setOpen({ kind: 'start', tournament: t })}>
                          <Play aria-hidden="true" />
                          Start Now<span className={css({ srOnly: true })}> {t.title}</span>
                        </Button>
                      ) : null}
                      <Button
                        size="sm"
                        variant="outline"
                        tone="danger"
                        onClick={() => setOpen({ kind: 'cancel', tournament: t })}
                      >
                        <Ban aria-hidden="true" />
                        Cancel Tournament<span className={css({ srOnly: true })}> {t.title}</span>
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
            {query.hasNextPage ? (
              <Button variant="ghost" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            ) : null}
          </section>
        )}
      </CardBody>

      {open?.kind === 'form' ? (
        <Dialog
          open
          onOpenChange={(next) => {
            if (!next) close();
          }}
          title={open.tournament ? `Edit ${open.tournament.title}` : 'Create New Tournament'}
          description={
            open.tournament ? 'Changes apply at once.' : 'Created tournaments are listed as upcoming at once.'
          }
          className={formDialogClass}
        >
          {renderForm({ tournament: open.tournament, onSubmit: save, onCancel: close })}
        </Dialog>
      ) : null}
      {open?.kind === 'start' ? (
        <ConfirmDialog
          title="Start this tournament now?"
          description={`${open.tournament.title} starts now: the bracket is drawn from the ${open.tournament.entrantCount} registered entrants and registration closes.`}
          confirmLabel="Start Now"
          action={() => startManagedTournament(open.tournament.id)}
          onDone={async () => {
            toast({ title: 'Tournament Started', description: `${open.tournament.title} is live.` });
            await refresh();
          }}
          onClose={close}
          offline={!online}
        />
      ) : null}
      {open?.kind === 'cancel' ? (
        <CancelTournamentDialog tournament={open.tournament} onClose={close} onCancelled={refresh} offline={!online} />
      ) : null}
    </Card>
  );
}

/** D33: cancel with a reason; every paid buy-in and ticket is refunded once and the entrants are told. */
function CancelTournamentDialog({
  tournament,
  onClose,
  onCancelled,
  offline,
}: {
  tournament: HostedTournament;
  onClose: () => void;
  onCancelled: () => Promise<unknown>;
  offline: boolean;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancelManagedTournament(tournament.id, reason.trim());
      toast({
        title: 'Tournament Cancelled',
        description: `${tournament.title} is cancelled; paid entries are refunded.`,
      });
      onClose();
      await onCancelled();
    } catch (e) {
      setError(getErrorMessage(e) ?? 'An unexpected error occurred');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      role="alertdialog"
      title="Cancel Tournament"
      description={`Cancelling ${tournament.title} refunds every paid buy-in and ticket and tells the entrants why.`}
    >
      <DialogBody>
        <Field.Root className={styles.root} required>
          <Field.Label className={styles.label}>Reason for cancelling</Field.Label>
          <Field.Textarea
            className={cx(styles.input, textareaClass)}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field.Root>
        {error ? (
          <p role="alert" className={styles.errorText}>
            {error}
          </p>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button tone="danger" onClick={() => void cancel()} disabled={busy || offline || !reason.trim()}>
          {busy ? 'Cancelling...' : 'Cancel Tournament'}
        </Button>
        <Button variant="outline" onClick={onClose}>
          Keep It
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
