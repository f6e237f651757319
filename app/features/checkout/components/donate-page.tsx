import { useMutation } from '@tanstack/react-query';
import { HeartHandshake } from 'lucide-react';
import { css, cx } from '../../../../styled-system/css';
import { DONATION_DOLLARS } from '../../../../edge/features/payments/constants.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { Card } from '../../../ui/card.tsx';
import { toast } from '../../../ui/toast.tsx';
import { formatAmount } from '../../../lib/money.ts';
import { goToCheckout, startDonationCheckout } from '../queries.ts';
import { cardInnerClass, centeredClass, iconCircleClass, leadClass, pageClass, successIconClass, titleClass } from './styles.ts';

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '2', textAlign: 'left', listStyle: 'disc', pl: '5' });
const noteClass = css({ color: 'fg.muted', textStyle: 'sm' });

/** /donate (D17): the $1 donation checkout. Guests may give too; the server decides who it thanks. */
export function DonatePage() {
  const amount = formatAmount(DONATION_DOLLARS);
  const donation = useMutation({
    mutationFn: startDonationCheckout,
    onSuccess: (res) => {
      if (res.checkoutUrl) goToCheckout(res.checkoutUrl);
      else toast({ title: 'Thank you!', description: res.message });
    },
    onError: (error) => toastRequestError(error, 'Donation Failed', 'Unable to start the donation checkout'),
  });
  const busy = donation.isPending || (donation.isSuccess && Boolean(donation.data.checkoutUrl));
  const gate = useConnectionGate();

  return (
    <div className={pageClass}>
      <Card>
        <div className={cx(cardInnerClass, centeredClass)}>
          <span className={cx(iconCircleClass, successIconClass)} aria-hidden="true">
            <HeartHandshake />
          </span>
          <h1 className={titleClass}>Donate {amount} to the League</h1>
          <p className={leadClass}>
            The WTA League runs one-day, cash-prize tournaments for players who want to compete for real. A {amount}{' '}
            donation helps with:
          </p>
          <ul className={listClass}>
            <li>Referees and venues for every tournament</li>
            <li>Live streams and bracket updates for fans</li>
            <li>Keeping buy-ins low for new players</li>
          </ul>
          <Button size="lg" variant="gold" disabled={busy} {...gate.buttonProps} onClick={() => donation.mutate()}>
            {busy ? 'Redirecting to checkout...' : `Donate ${amount}`}
          </Button>
          <NeedsConnectionNote gate={gate} action="Donating" />
          <p className={noteClass}>You will be taken to a secure checkout page to pay.</p>
        </div>
      </Card>
    </div>
  );
}
