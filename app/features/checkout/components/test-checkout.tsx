import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Clock, CreditCard, FlaskConical, Lock, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client.ts';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { formatAmount } from '../../../lib/money.ts';
import { goToCheckout, settleTestCheckout, testCheckoutQueryOptions, type TestCheckoutSession } from '../queries.ts';
import {
  actionsClass,
  cardInnerClass,
  centeredClass,
  dangerIconClass,
  iconCircleClass,
  leadClass,
  neutralIconClass,
  pageClass,
  skeletonClass,
  successIconClass,
  titleClass,
} from './styles.ts';

const bannerClass = css({
  alignItems: 'center',
  background: 'verified.default',
  borderRadius: 'l3',
  color: 'verified.fg',
  display: 'flex',
  fontWeight: 'black',
  gap: '3',
  justifyContent: 'center',
  px: '4',
  py: '3',
  textAlign: 'center',
  textStyle: 'lg',
  '& svg': { flexShrink: '0', height: '6', width: '6' },
});
const merchantClass = css({ alignItems: 'center', color: 'fg.muted', display: 'flex', fontWeight: 'semibold', gap: '2', textStyle: 'sm' });
const summaryClass = css({ borderColor: 'border.default', borderTopWidth: '1px', display: 'flex', flexDirection: 'column' });
const rowClass = css({
  alignItems: 'baseline',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  display: 'flex',
  gap: '4',
  justifyContent: 'space-between',
  py: '3',
});
const itemNameClass = css({ fontWeight: 'semibold', overflowWrap: 'anywhere' });
const totalLabelClass = css({ fontWeight: 'bold', textStyle: 'lg' });
const totalClass = css({ fontSize: '3xl', fontVariantNumeric: 'tabular-nums', fontWeight: 'black' });
const noteClass = css({ alignItems: 'center', color: 'fg.muted', display: 'flex', gap: '2', textStyle: 'sm', '& svg': { flexShrink: '0' } });
const buttonsClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const testCardClass = css({
  background: 'bg.subtle',
  borderRadius: 'l2',
  display: 'flex',
  gap: '3',
  alignItems: 'center',
  p: '3',
  textStyle: 'sm',
  '& svg': { flexShrink: '0', height: '6', width: '6' },
});

export interface TestCheckoutProps {
  /** `?session_id=` of the URL; undefined when missing. */
  sessionId: string | undefined;
}

/** D3: the built-in test checkout standing in for Stripe's hosted page. Pay and Cancel return like Stripe does. */
export function TestCheckout({ sessionId }: TestCheckoutProps) {
  return (
    <div className={pageClass}>
      <p className={bannerClass} role="note">
        <FlaskConical aria-hidden="true" />
        Test mode - no card is charged
      </p>
      {sessionId ? <TestCheckoutSessionView sessionId={sessionId} /> : <NotFound />}
    </div>
  );
}

function TestCheckoutSessionView({ sessionId }: { sessionId: string }) {
  const queryClient = useQueryClient();
  const options = testCheckoutQueryOptions(sessionId);
  const session = useQuery({ ...options, staleTime: 0 });

  const settle = useMutation({
    mutationFn: (action: 'pay' | 'cancel') => settleTestCheckout(sessionId, action),
    onSuccess: (redirectUrl) => goToCheckout(redirectUrl),
    onError: (error, action) => {
      // A session that ran out (410) or changed under us: show what it is now.
      void queryClient.invalidateQueries({ queryKey: options.queryKey });
      toast({
        title: action === 'pay' ? 'Payment Failed' : 'Error',
        description: getErrorMessage(error) ?? 'An unexpected error occurred',
        variant: 'destructive',
      });
    },
  });

  if (session.isPending) {
    return (
      <Card aria-busy="true">
        <div className={cardInnerClass}>
          <VisuallyHidden role="status">Loading checkout</VisuallyHidden>
          <div className={cx(skeletonClass, css({ height: '6', width: '1/2' }))} aria-hidden="true" />
          <div className={cx(skeletonClass, css({ height: '24' }))} aria-hidden="true" />
          <div className={cx(skeletonClass, css({ height: '12' }))} aria-hidden="true" />
        </div>
      </Card>
    );
  }
  if (session.isError) {
    if (getErrorStatus(session.error) === 404) return <NotFound />;
    return (
      <StateCard
        icon={<AlertTriangle />}
        iconClass={dangerIconClass}
        title="Could not load this checkout"
        text={getErrorMessage(session.error) ?? 'An unexpected error occurred'}
      >
        <Button variant="outline" onClick={() => void session.refetch()}>
          Try Again
        </Button>
      </StateCard>
    );
  }

  const s = session.data;
  if (s.status === 'paid') {
    return (
      <StateCard icon={<CheckCircle2 />} iconClass={successIconClass} title="This payment is already complete" text={s.description}>
        <a className={linkButtonClass} href={s.successUrl}>
          View confirmation
        </a>
      </StateCard>
    );
  }
  if (s.status === 'expired' || (settle.error !== null && getErrorStatus(settle.error) === 410)) {
    return (
      <StateCard icon={<Clock />} iconClass={neutralIconClass} title="This checkout session has expired" text="Nothing was charged. Start again to get a new checkout.">
        <a className={linkButtonClass} href={s.cancelUrl}>
          Start again
        </a>
      </StateCard>
    );
  }
  if (s.status === 'cancelled') {
    return (
      <StateCard icon={<Clock />} iconClass={neutralIconClass} title="This checkout was cancelled" text="Nothing was charged.">
        <a className={linkButtonClass} href={s.cancelUrl}>
          Continue
        </a>
      </StateCard>
    );
  }
  return <CheckoutForm session={s} busy={settle.isPending || settle.isSuccess} action={settle.variables} onAction={(a) => settle.mutate(a)} />;
}

// A plain <a>: the return URLs are absolute and leave this page for good, like Stripe's would.
const linkButtonClass = css({
  alignItems: 'center',
  background: 'accent.default',
  borderRadius: 'l2',
  color: 'accent.fg',
  display: 'inline-flex',
  fontWeight: 'semibold',
  justifyContent: 'center',
  minHeight: 'touch',
  px: '5',
  _hover: { background: 'accent.emphasized' },
});

function CheckoutForm({
  session,
  busy,
  action,
  onAction,
}: {
  session: TestCheckoutSession;
  busy: boolean;
  action: 'pay' | 'cancel' | undefined;
  onAction: (action: 'pay' | 'cancel') => void;
}) {
  const amount = formatAmount(session.amount);
  const gate = useConnectionGate();
  return (
    <Card>
      <section className={cardInnerClass} aria-labelledby="checkout-title">
        <p className={merchantClass}>
          <Lock aria-hidden="true" size={16} />
          WTA League checkout
        </p>
        <h1 id="checkout-title" className={titleClass}>
          Complete your payment
        </h1>
        <dl className={summaryClass} aria-label="Order summary">
          <div className={rowClass}>
            <dt className={itemNameClass}>{session.description}</dt>
            <dd className={css({ fontVariantNumeric: 'tabular-nums' })}>{amount}</dd>
          </div>
          <div className={rowClass}>
            <dt className={totalLabelClass}>Total due</dt>
            <dd className={totalClass}>{amount}</dd>
          </div>
        </dl>
        <div className={testCardClass}>
          <CreditCard aria-hidden="true" />
          <p>This is the league's test checkout: pressing Pay marks the order paid without any card.</p>
        </div>
        <div className={buttonsClass}>
          <Button size="lg" fullWidth disabled={busy} {...gate.buttonProps} onClick={() => onAction('pay')}>
            {busy && action === 'pay' ? 'Processing...' : `Pay ${amount}`}
          </Button>
          <Button size="lg" variant="outline" fullWidth disabled={busy} {...gate.buttonProps} onClick={() => onAction('cancel')}>
            {busy && action === 'cancel' ? 'Cancelling...' : 'Cancel'}
          </Button>
        </div>
        <NeedsConnectionNote gate={gate} action="Paying" />
        <p className={noteClass}>
          <Clock aria-hidden="true" size={16} />
          This checkout expires {formatLongDateTime(session.expiresAt)}.
        </p>
      </section>
    </Card>
  );
}

function NotFound() {
  return (
    <StateCard
      icon={<SearchX />}
      iconClass={neutralIconClass}
      title="Checkout session not found"
      text="This link does not lead to a checkout. Nothing was charged."
    >
      <LinkButton href="/tournaments">Browse Tournaments</LinkButton>
      <LinkButton href="/" variant="outline">
        Home
      </LinkButton>
    </StateCard>
  );
}

function StateCard({
  icon,
  iconClass,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  iconClass: string;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Card>
      <div className={cx(cardInnerClass, centeredClass)}>
        <span className={cx(iconCircleClass, iconClass)} aria-hidden="true">
          {icon}
        </span>
        <h1 className={titleClass}>{title}</h1>
        <p className={leadClass}>{text}</p>
        <div className={actionsClass}>{children}</div>
      </div>
    </Card>
  );
}
