import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { toast } from '../../../ui/toast.tsx';
import {
  adminPaymentsQueryOptions,
  dollars,
  payoutLedgerQueryOptions,
  refundPayment,
  type AdminPayment,
  type PaymentFilters,
} from '../money-content-queries.ts';
import { FetchFailure } from './fetch-failure.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import {
  cardPadClass,
  emptyClass,
  listClass,
  noteClass,
  sectionClass,
  sectionTitleClass,
  skeletonClass,
} from './styles.ts';

const filtersClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  alignItems: 'start',
});
const rowClass = css({
  alignItems: 'center',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  justifyContent: 'space-between',
});
const amountClass = css({ fontWeight: 'extrabold', textStyle: 'lg' });
const metaClass = css({ color: 'fg.muted', textStyle: 'sm', overflowWrap: 'anywhere' });
const skeletonItemClass = css({ height: '24' });

const statusOptions = [
  { value: '', label: 'All statuses' },
  { value: 'paid', label: 'Paid' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'pending', label: 'Pending' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Expired' },
];
const kindOptions = [
  { value: '', label: 'All kinds' },
  { value: 'registration', label: 'Buy-ins' },
  { value: 'ticket', label: 'Tickets' },
  { value: 'sponsorship', label: 'Sponsorships' },
  { value: 'donation', label: 'Donations' },
];
const kindLabel: Record<AdminPayment['kind'], string> = {
  registration: 'Buy-in',
  ticket: 'Ticket',
  sponsorship: 'Sponsorship',
  donation: 'Donation',
};
/** What goes with the money (the server's undoPurchase): said before the admin confirms. */
const refundEffect: Partial<Record<AdminPayment['kind'], string>> = {
  registration: 'Before the tournament starts, the entry is withdrawn and the spot released; after, the results stand.',
  ticket: 'The ticket stops admitting at the door at once.',
};
const refundLabel = { pending: 'Refund pending', succeeded: 'Refunded', failed: 'Refund failed' } as const;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function PaymentCard({ payment, onRefund }: { payment: AdminPayment; onRefund: (p: AdminPayment) => void }) {
  const who = payment.member
    ? `${payment.member.firstName} ${payment.member.lastName} · ${payment.member.email}`
    : 'Guest checkout';
  return (
    <Card className={cardPadClass}>
      <div className={rowClass}>
        <span className={amountClass}>{dollars(payment.amountCents)}</span>
        <span className={rowClass}>
          <Badge tone="neutral">{kindLabel[payment.kind]}</Badge>
          {payment.refund ? (
            <Badge tone={payment.refund.status === 'failed' ? 'danger' : 'neutral'}>
              {refundLabel[payment.refund.status]}
            </Badge>
          ) : (
            <Badge tone={payment.status === 'paid' ? 'accent' : 'neutral'}>{payment.status}</Badge>
          )}
        </span>
      </div>
      <p className={metaClass}>{who}</p>
      <p className={metaClass}>
        {payment.tournament ? payment.tournament.title : 'League-wide'} · #{payment.id} ·{' '}
        <time dateTime={payment.createdAt}>
          {new Date(payment.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
        </time>
      </p>
      {payment.refund ? <p className={metaClass}>Refund reason: {payment.refund.reason}</p> : null}
      {payment.refundable ? (
        <div>
          <Button variant="outline" tone="danger" size="sm" onClick={() => onRefund(payment)}>
            Refund {dollars(payment.amountCents)}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/** Every payment with its filters (D24): status, kind, tournament, date range, member e-mail; Refund on paid ones. */
export function PaymentsList() {
  const headingId = useId();
  const [filters, setFilters] = useState<PaymentFilters>({});
  const [emailText, setEmailText] = useState('');
  const email = useDebounced(emailText.trim(), 300);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const queryClient = useQueryClient();
  // The tournaments with money in or out: the ledger's list doubles as the tournament filter's choices.
  const ledger = useQuery(payoutLedgerQueryOptions);
  const query = useInfiniteQuery({
    ...adminPaymentsQueryOptions({ ...filters, email }),
    placeholderData: keepPreviousData,
  });
  const payments = query.data?.pages.flatMap((p) => p.items) ?? [];
  const set = (key: keyof PaymentFilters) => (event: { target: { value: string } }) =>
    setFilters((prev) => ({ ...prev, [key]: event.target.value }));
  const tournamentOptions = [
    { value: '', label: 'All tournaments' },
    ...(ledger.data ?? []).map((t) => ({ value: String(t.tournamentId), label: t.title })),
  ];

  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <h2 id={headingId} className={sectionTitleClass}>
        Payments
      </h2>
      <div role="search" aria-label="Filter payments" className={filtersClass}>
        <SelectField label="Status" options={statusOptions} value={filters.status ?? ''} onChange={set('status')} />
        <SelectField label="Kind" options={kindOptions} value={filters.kind ?? ''} onChange={set('kind')} />
        <SelectField
          label="Tournament"
          options={tournamentOptions}
          value={filters.tournamentId ?? ''}
          onChange={set('tournamentId')}
        />
        <TextField label="From" type="date" value={filters.from ?? ''} onChange={set('from')} />
        <TextField label="To" type="date" value={filters.to ?? ''} onChange={set('to')} />
        <TextField
          label="Member e-mail"
          type="search"
          placeholder="Starts with…"
          autoComplete="off"
          maxLength={100}
          value={emailText}
          onChange={(event) => setEmailText(event.target.value)}
        />
      </div>
      {query.isPending ? (
        <div className={listClass} aria-hidden="true">
          <div className={`${skeletonClass} ${skeletonItemClass}`} />
          <div className={`${skeletonClass} ${skeletonItemClass}`} />
        </div>
      ) : query.isError ? (
        <FetchFailure title="Failed to load payments" error={query.error} onRetry={() => void query.refetch()} />
      ) : payments.length === 0 ? (
        <p className={emptyClass}>No payment data available</p>
      ) : (
        <>
          <ul className={listClass} aria-label="Payments" aria-busy={query.isFetching}>
            {payments.map((payment) => (
              <li key={payment.id}>
                <PaymentCard payment={payment} onRefund={setRefunding} />
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? 'Loading…' : 'Load more payments'}
            </Button>
          ) : (
            <p className={noteClass}>All matching payments are shown.</p>
          )}
        </>
      )}
      {refunding ? (
        <ReasonDialog
          title={`Refund ${dollars(refunding.amountCents)}?`}
          description={`The whole payment goes back to the card that paid, once. ${refundEffect[refunding.kind] ?? ''} This cannot be undone.`}
          confirmLabel="Refund"
          action={(reason) => refundPayment(refunding.id, reason)}
          onClose={() => setRefunding(null)}
          onDone={async () => {
            toast({ title: 'Refund started', description: `Payment #${refunding.id} is being refunded.` });
            await queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') });
          }}
        />
      ) : null}
    </section>
  );
}
