import { XCircle } from 'lucide-react';
import { cx } from '../../../../styled-system/css';
import type { PaymentKind } from '../../../../edge/features/payments/schema.ts';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { kindNouns, tryAgainPath } from '../checkout-result.ts';
import { actionsClass, cardInnerClass, centeredClass, iconCircleClass, leadClass, neutralIconClass, pageClass, titleClass } from './styles.ts';

export interface CheckoutCancelProps {
  type: PaymentKind | undefined;
}

/** /checkout/cancel (001 s2): nothing was charged; Try Again goes where 001 s2 says for the kind. */
export function CheckoutCancel({ type }: CheckoutCancelProps) {
  return (
    <div className={pageClass}>
      <Card>
        <div className={cx(cardInnerClass, centeredClass)}>
          <span className={cx(iconCircleClass, neutralIconClass)} aria-hidden="true">
            <XCircle />
          </span>
          <h1 className={titleClass}>Payment Cancelled</h1>
          <p className={leadClass}>
            {type ? `Your ${kindNouns[type]} payment was cancelled.` : 'Your payment was cancelled.'} You have not been
            charged.
          </p>
          <div className={actionsClass}>
            <LinkButton href={tryAgainPath(type)}>Try Again</LinkButton>
            <LinkButton href="/" variant="outline">
              Home
            </LinkButton>
          </div>
        </div>
      </Card>
    </div>
  );
}
