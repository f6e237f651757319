import { useMutation } from '@tanstack/react-query';
import { Check, Ticket } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import {
  TICKETS_NOT_ON_SALE,
  ticketsOnSale,
  ticketTierIds,
  ticketTiers,
  type TicketTier,
} from '../../../../edge/features/payments/constants.ts';
import type { TournamentStatus } from '../../../../edge/features/tournaments/schema.ts';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { goToCheckout, startTicketCheckout } from '../checkout.ts';
import { formatMoney } from '../../../lib/money.ts';
import { promptGuestToLogIn } from './guest-prompt.ts';
import { mutedClass, noteClass, panelClass, sectionTitleClass } from './tab-styles.ts';

const gridClass = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(3, minmax(0, 1fr))' } });
const cardInnerClass = css({ display: 'flex', flex: '1', flexDirection: 'column', gap: '4', p: '6' });
const nameClass = css({ alignItems: 'center', display: 'flex', fontWeight: 'extrabold', gap: '2', textStyle: 'lg' });
const priceClass = css({ fontSize: '4xl', fontVariantNumeric: 'tabular-nums', fontWeight: 'black', lineHeight: 'none' });
const perksClass = css({ display: 'flex', flex: '1', flexDirection: 'column', gap: '2' });
const perkClass = css({
  alignItems: 'flex-start',
  display: 'flex',
  gap: '2',
  '& svg': { color: 'verified.text', flexShrink: '0', height: '5', mt: '0.5', width: '5' },
});
const cardClass = css({ height: 'full' });
const featuredClass = css({ borderColor: 'verified.border', borderWidth: '2px' });
const closedClass = css({ alignItems: 'flex-start', display: 'flex', flexDirection: 'column', gap: '3', p: '6' });
const closedTitleClass = css({ alignItems: 'center', display: 'flex', fontWeight: 'bold', gap: '2', textStyle: 'lg' });

export interface TournamentTicketsProps {
  tournamentId: number;
  /** Tickets are offered only while the server sells them (upcoming or live). */
  status: TournamentStatus;
  signedIn: boolean;
  /** Sends a guest to /register after the log-in prompt. */
  onGuestRedirect: () => void;
}

/**
 * Tickets tab (000 s2, s9): three tiers from the payments contract, each with Purchase Ticket, while the server sells
 * them; a completed tournament says so instead of offering buttons that could only fail.
 */
export function TournamentTickets({ status, ...props }: TournamentTicketsProps) {
  if (ticketsOnSale(status)) return <TicketTiers {...props} />;
  return (
    <div className={panelClass}>
      <h2 className={sectionTitleClass}>Tickets</h2>
      <Card>
        <div className={closedClass}>
          <p className={closedTitleClass}>
            <Ticket aria-hidden="true" size={20} />
            {TICKETS_NOT_ON_SALE}
          </p>
          <p className={mutedClass}>This tournament has been played. Upcoming tournaments sell tickets until they end.</p>
          <LinkButton href="/tournaments?status=upcoming" variant="outline">
            Upcoming Tournaments
          </LinkButton>
        </div>
      </Card>
    </div>
  );
}

function TicketTiers({ tournamentId, signedIn, onGuestRedirect }: Omit<TournamentTicketsProps, 'status'>) {
  const purchase = useMutation({
    mutationFn: (tier: TicketTier) => startTicketCheckout(tournamentId, tier),
    onSuccess: (res) => {
      if (res.checkoutUrl) goToCheckout(res.checkoutUrl);
      else toast({ title: 'Purchase Failed', description: res.message || 'Unable to purchase this ticket', variant: 'destructive' });
    },
    onError: (error) =>
      toast({
        title: 'Purchase Failed',
        description:
          getErrorStatus(error) === undefined
            ? 'An unexpected error occurred'
            : (getErrorMessage(error) ?? 'Unable to purchase this ticket'),
        variant: 'destructive',
      }),
  });
  // Busy from the press until the page has left for the checkout; cleared by a failure (000 s4).
  const leaving = purchase.isSuccess && Boolean(purchase.data.checkoutUrl);
  const busyTier = purchase.isPending || leaving ? purchase.variables : undefined;
  // A guest's press only leads to sign-in, which is a page of the app; a purchase needs the network.
  const gate = useConnectionGate();
  const gated = signedIn ? gate.buttonProps : {};

  return (
    <div className={panelClass}>
      <h2 className={sectionTitleClass}>Tickets</h2>
      {signedIn ? <NeedsConnectionNote gate={gate} action="Buying a ticket" /> : null}
      <ul className={gridClass}>
        {ticketTierIds.map((tier) => {
          const t = ticketTiers[tier];
          const busy = busyTier === tier;
          return (
            <li key={tier}>
              <Card className={tier === 'supporter' ? `${cardClass} ${featuredClass}` : cardClass}>
                <div className={cardInnerClass}>
                  <h3 className={nameClass}>
                    <Ticket aria-hidden="true" size={20} />
                    {t.name}
                  </h3>
                  <p className={priceClass}>{formatMoney(t.price)}</p>
                  <ul className={perksClass} aria-label={`${t.name} includes`}>
                    {t.perks.map((perk) => (
                      <li key={perk} className={perkClass}>
                        <Check aria-hidden="true" />
                        {perk}
                      </li>
                    ))}
                  </ul>
                  <Button
                    fullWidth
                    disabled={busyTier !== undefined}
                    {...gated}
                    aria-label={busy ? undefined : `Purchase Ticket: ${t.name}`}
                    onClick={() =>
                      signedIn ? purchase.mutate(tier) : promptGuestToLogIn('purchase tickets', onGuestRedirect)
                    }
                  >
                    {busy ? 'Redirecting to checkout...' : 'Purchase Ticket'}
                  </Button>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      {signedIn ? <p className={noteClass}>You pay on a secure checkout page; your ticket and its QR code appear in My Tickets.</p> : null}
    </div>
  );
}
