import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useOnlineStatus } from '../../../lib/online-status.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Dialog, DialogFooter } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import {
  dollars,
  markPayoutPaid,
  payoutLedgerQueryOptions,
  voidPayout,
  type AdminPayout,
  type TournamentPayouts,
} from '../money-content-queries.ts';
import { FetchFailure } from './fetch-failure.tsx';
import {
  cardPadClass,
  emptyClass,
  listClass,
  noteClass,
  sectionClass,
  sectionTitleClass,
  skeletonClass,
} from './styles.ts';

const titleClass = css({ fontWeight: 'extrabold', textStyle: 'lg', overflowWrap: 'anywhere' });
const factsClass = css({
  display: 'grid',
  gap: '2',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
  textStyle: 'sm',
});
const factLabelClass = css({ color: 'fg.muted', display: 'block', fontWeight: 'semibold' });
const payoutClass = css({
  alignItems: 'center',
  borderTopWidth: '1px',
  borderColor: 'border.default',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  justifyContent: 'space-between',
  pt: '3',
});
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const errorClass = css({ color: 'fg.error', fontWeight: 'semibold', textStyle: 'sm' });
const skeletonItemClass = css({ height: '40' });

const placeName = (p: AdminPayout) => (p.kind === 'adjustment' ? `Adjustment, place ${p.place}` : `Place ${p.place}`);
const today = () => new Date().toISOString().slice(0, 10);

function MarkPaidDialog({
  payout,
  onClose,
  onDone,
}: {
  payout: AdminPayout;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const [paidAt, setPaidAt] = useState(today());
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ paidAt?: string; reference?: string }>({});
  const online = useOnlineStatus();
  const mutation = useMutation({
    mutationFn: () => markPayoutPaid(payout.id, paidAt, reference.trim()),
    onSuccess: async () => {
      onClose();
      await onDone();
    },
  });
  const save = () => {
    const next = {
      paidAt: paidAt ? undefined : 'Paid date must be YYYY-MM-DD',
      reference: reference.trim() ? undefined : 'A reference is required',
    };
    setErrors(next);
    if (!next.paidAt && !next.reference) mutation.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Mark payout paid"
      description={`${dollars(payout.amountDollars * 100)} to ${payout.payee.firstName} ${payout.payee.lastName}: record the date the money left and its reference.`}
    >
      <TextField
        label="Paid on"
        type="date"
        required
        max={today()}
        value={paidAt}
        error={errors.paidAt}
        onChange={(e) => setPaidAt(e.target.value)}
      />
      <TextField
        label="Reference"
        required
        maxLength={200}
        placeholder="Wire or transfer reference"
        value={reference}
        error={errors.reference}
        onChange={(e) => setReference(e.target.value)}
      />
      {mutation.isError ? (
        <p role="alert" className={errorClass}>
          {getErrorMessage(mutation.error) ?? 'An unexpected error occurred'}
        </p>
      ) : null}
      <DialogFooter>
        <Button disabled={mutation.isPending || !online} onClick={save}>
          {mutation.isPending ? 'Working...' : 'Mark paid'}
        </Button>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

function TournamentLedger({
  ledger,
  onPaid,
  onVoid,
}: {
  ledger: TournamentPayouts;
  onPaid: (p: AdminPayout) => void;
  onVoid: (p: AdminPayout) => void;
}) {
  const facts: [string, string][] = [
    ['Prize pool', dollars(ledger.prizePool * 100)],
    ['Buy-ins received', dollars(ledger.buyInsReceivedCents)],
    ['Tickets', dollars(ledger.ticketsReceivedCents)],
    ['Refunded', dollars(ledger.refundedCents)],
    ['Refunds pending', dollars(ledger.refundsPendingCents + ledger.refundsFailedCents)],
  ];
  return (
    <Card className={cardPadClass}>
      <h3 className={titleClass}>{ledger.title}</h3>
      <p className={noteClass}>
        {ledger.status}
        {ledger.flaggedAdjustments > 0 ? ` · ${ledger.flaggedAdjustments} adjustment(s) to settle` : ''}
      </p>
      <dl className={factsClass}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className={factLabelClass}>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {ledger.payouts.length === 0 ? (
        <p className={noteClass}>No payouts recorded for this tournament.</p>
      ) : (
        <ul className={listClass} aria-label={`Payouts of ${ledger.title}`}>
          {ledger.payouts.map((payout) => (
            <li key={payout.id} className={payoutClass}>
              <span>
                <strong>{placeName(payout)}</strong> · {payout.payee.firstName} {payout.payee.lastName} ·{' '}
                {dollars(payout.amountDollars * 100)}
                {payout.paidAt ? ` · paid ${payout.paidAt}${payout.reference ? ` (${payout.reference})` : ''}` : ''}
              </span>
              <span className={actionsClass}>
                <Badge tone={payout.status === 'paid' ? 'accent' : payout.flagged ? 'danger' : 'neutral'}>
                  {payout.status}
                </Badge>
                {payout.status === 'owed' ? (
                  <>
                    <Button
                      size="sm"
                      onClick={() => onPaid(payout)}
                      aria-label={`Mark paid: ${placeName(payout)}, ${ledger.title}`}
                    >
                      Mark paid
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      tone="danger"
                      onClick={() => onVoid(payout)}
                      aria-label={`Void: ${placeName(payout)}, ${ledger.title}`}
                    >
                      Void
                    </Button>
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** D21's ledger per tournament: buy-ins received, refunds and payouts, each owed payout marked paid or void once. */
export function PayoutLedger() {
  const headingId = useId();
  const query = useQuery(payoutLedgerQueryOptions);
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const [paying, setPaying] = useState<AdminPayout | null>(null);
  const [voiding, setVoiding] = useState<AdminPayout | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') });
  };
  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <h2 id={headingId} className={sectionTitleClass}>
        Payout Ledger
      </h2>
      {query.isPending ? (
        <div className={`${skeletonClass} ${skeletonItemClass}`} aria-hidden="true" />
      ) : query.isError ? (
        <FetchFailure
          title="Failed to load the payout ledger"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : !query.data || query.data.length === 0 ? (
        <p className={emptyClass}>No payouts yet</p>
      ) : (
        <ul className={listClass}>
          {query.data.map((ledger) => (
            <li key={ledger.tournamentId}>
              <TournamentLedger ledger={ledger} onPaid={setPaying} onVoid={setVoiding} />
            </li>
          ))}
        </ul>
      )}
      {paying ? (
        <MarkPaidDialog
          payout={paying}
          onClose={() => setPaying(null)}
          onDone={async () => {
            toast({ title: 'Payout marked paid' });
            await refresh();
          }}
        />
      ) : null}
      {voiding ? (
        <ConfirmDialog
          title="Void this payout?"
          description={`${dollars(voiding.amountDollars * 100)} to ${voiding.payee.firstName} ${voiding.payee.lastName} will no longer be owed. This cannot be undone.`}
          confirmLabel="Void payout"
          danger
          offline={!online}
          action={async () => {
            await voidPayout(voiding.id);
          }}
          onClose={() => setVoiding(null)}
          onDone={async () => {
            toast({ title: 'Payout voided' });
            await refresh();
          }}
        />
      ) : null}
    </section>
  );
}
