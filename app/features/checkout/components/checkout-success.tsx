import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CalendarCheck, CheckCircle2, HeartHandshake, Loader2, PartyPopper, Ticket } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import type { PaymentKind } from '../../../../edge/features/payments/schema.ts';
import { sponsorshipTiers, type SponsorshipTier } from '../../../../edge/features/payments/constants.ts';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client.ts';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { isPendingVerification, VERIFY_MAX_ATTEMPTS, VERIFY_RETRY_DELAY_MS } from '../checkout-result.ts';
import { formatAmount } from '../../../lib/money.ts';
import { verifyPayment, type VerifyPaymentResponse } from '../queries.ts';
import {
  actionsClass,
  cardInnerClass,
  centeredClass,
  dangerIconClass,
  iconCircleClass,
  leadClass,
  neutralIconClass,
  pageClass,
  successIconClass,
  titleClass,
} from './styles.ts';

const spinClass = css({ animation: 'spin', _motionReduce: { animation: '[none]' } });
const detailClass = css({ fontWeight: 'bold', textStyle: 'lg', overflowWrap: 'anywhere' });
const ticketSlotClass = css({ display: 'flex', justifyContent: 'center', width: 'full' });

const FALLBACK_ERROR = 'Failed to verify payment. Please contact support.';

/** A final "not paid" answer, carried out of the query so the error card can show the server's words. */
class VerificationError extends Error {}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks verify-payment, again every 2 s while the server says the payment is not complete yet (at most 5 times),
 * because Stripe's webhook and the buyer's return can race (001 s2, D3).
 */
async function verifyUntilSettled(input: { sessionId: string; type?: string; id?: number }): Promise<VerifyPaymentResponse> {
  for (let attempt = 1; ; attempt += 1) {
    let pendingMessage: string | undefined;
    try {
      const response = await verifyPayment(input);
      if (!isPendingVerification({ response })) return response;
      pendingMessage = response.message;
    } catch (error) {
      if (!isPendingVerification({ status: getErrorStatus(error) }) || attempt >= VERIFY_MAX_ATTEMPTS) throw error;
    }
    if (attempt >= VERIFY_MAX_ATTEMPTS) throw new VerificationError(pendingMessage || FALLBACK_ERROR);
    await wait(VERIFY_RETRY_DELAY_MS);
  }
}

export interface CheckoutSuccessProps {
  sessionId: string | undefined;
  type: PaymentKind | undefined;
  /** `?id=` (a tournament id for registrations and tickets). */
  id: number | undefined;
  /** Renders a paid ticket (with its QR code); composed by the route from the tickets feature. */
  renderTicket: (code: string) => ReactNode;
}

/** /checkout/success (001 s2, s8): verifying, then success per kind, or the error card. */
export function CheckoutSuccess({ sessionId, type, id, renderTicket }: CheckoutSuccessProps) {
  return (
    <div className={pageClass}>
      {sessionId ? (
        <Verification sessionId={sessionId} type={type} id={id} renderTicket={renderTicket} />
      ) : (
        <ErrorCard toastTitle="Invalid payment session" message="Invalid payment session" />
      )}
    </div>
  );
}

function Verification({ sessionId, type, id, renderTicket }: CheckoutSuccessProps & { sessionId: string }) {
  const queryClient = useQueryClient();
  const verification = useQuery({
    queryKey: ['/api/stripe/verify-payment', sessionId],
    queryFn: () =>
      verifyUntilSettled({ sessionId, ...(type ? { type } : {}), ...(id ? { id } : {}) }),
    staleTime: Infinity,
    retry: false,
  });

  // What the purchase changed: the tournament's counts and lists, the buyer's registrations and tickets.
  const succeeded = verification.data?.success === true;
  useEffect(() => {
    if (!succeeded) return;
    void queryClient.invalidateQueries({ queryKey: ['/api/tournaments'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/tournament-registrations/my-registrations'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/tickets/mine'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/player'] });
  }, [succeeded, queryClient]);

  if (verification.isPending) {
    return (
      <Card aria-busy="true">
        <div className={cx(cardInnerClass, centeredClass)} role="status">
          <span className={cx(iconCircleClass, neutralIconClass)} aria-hidden="true">
            <Loader2 className={spinClass} />
          </span>
          <h1 className={titleClass}>Verifying your payment...</h1>
          <p className={leadClass}>This takes a moment. Please keep this page open.</p>
        </div>
      </Card>
    );
  }
  if (verification.isError) {
    const error = verification.error;
    const message = error instanceof VerificationError ? error.message : (getErrorMessage(error) ?? FALLBACK_ERROR);
    return <ErrorCard toastTitle="Payment verification failed" message={message} sessionId={sessionId} />;
  }
  // A final "not paid" (cancelled, expired) is the error card with the server's words, never a success card.
  if (!verification.data.success) {
    return <ErrorCard toastTitle="Payment verification failed" message={verification.data.message} sessionId={sessionId} />;
  }
  // The server tells only the payer what was bought (metadata); anyone else holding the link learns it was paid.
  if (!verification.data.metadata) return <ReceivedCard message={verification.data.message} />;
  return <SuccessCard result={verification.data} fallbackType={type} fallbackId={id} renderTicket={renderTicket} />;
}

/** A paid session seen by someone other than its payer (a shared link, or signed out): no amount, no tournament. */
function ReceivedCard({ message }: { message: string }) {
  return (
    <Card>
      <div className={cx(cardInnerClass, centeredClass)} role="status">
        <span className={cx(iconCircleClass, successIconClass)} aria-hidden="true">
          <CheckCircle2 />
        </span>
        <h1 className={titleClass}>Payment received</h1>
        <p className={leadClass}>
          {message}. Its details are shown only to the account that paid: sign in with it to see them.
        </p>
        <div className={actionsClass}>
          <LinkButton href="/dashboard">Go to Dashboard</LinkButton>
          <LinkButton href="/" variant="outline">
            Home
          </LinkButton>
        </div>
      </div>
    </Card>
  );
}

function SuccessCard({
  result,
  fallbackType,
  fallbackId,
  renderTicket,
}: {
  result: VerifyPaymentResponse;
  fallbackType: PaymentKind | undefined;
  fallbackId: number | undefined;
  renderTicket: (code: string) => ReactNode;
}) {
  const meta = result.metadata;
  const kind = meta?.type ?? fallbackType;
  const tournamentId = meta?.tournamentId ?? (kind === 'registration' || kind === 'ticket' ? fallbackId : undefined);
  const amount = meta ? formatAmount(meta.amount) : undefined;
  // The tier's display name (001 s9: Bronze, Silver, Gold, Title), never its id.
  const tierName = meta?.tier && Object.hasOwn(sponsorshipTiers, meta.tier) ? sponsorshipTiers[meta.tier as SponsorshipTier].name : undefined;

  let icon: ReactNode = <PartyPopper />;
  let title = 'Payment Successful!';
  let body: ReactNode = null;
  let actions: ReactNode = (
    <>
      <LinkButton href="/dashboard">Go to Dashboard</LinkButton>
      <LinkButton href="/" variant="outline">
        Home
      </LinkButton>
    </>
  );

  if (kind === 'registration') {
    icon = <CalendarCheck />;
    title = "You're registered!";
    body = meta?.tournamentTitle ? <p className={detailClass}>{meta.tournamentTitle}</p> : null;
    actions = (
      <>
        {tournamentId ? <LinkButton href={`/tournaments/${tournamentId}`}>View Tournament</LinkButton> : null}
        <LinkButton href="/dashboard" variant={tournamentId ? 'outline' : 'solid'}>
          Go to Dashboard
        </LinkButton>
      </>
    );
  } else if (kind === 'ticket') {
    icon = <Ticket />;
    title = 'Your ticket is ready';
    body = (
      <>
        {meta?.tournamentTitle ? <p className={detailClass}>{meta.tournamentTitle}</p> : null}
        {meta?.ticketCode ? <div className={ticketSlotClass}>{renderTicket(meta.ticketCode)}</div> : null}
      </>
    );
    actions = (
      <>
        <LinkButton href="/tickets">My Tickets</LinkButton>
        {tournamentId ? (
          <LinkButton href={`/tournaments/${tournamentId}`} variant="outline">
            View Tournament
          </LinkButton>
        ) : null}
      </>
    );
  } else if (kind === 'sponsorship') {
    icon = <HeartHandshake />;
    title = 'Thank you for your sponsorship!';
    body = (
      <p className={leadClass}>
        {tierName ? `Your ${tierName} sponsorship` : 'Your sponsorship'}
        {meta?.tournamentTitle ? ` of ${meta.tournamentTitle}` : ' of the league'} is confirmed.
      </p>
    );
    actions = (
      <>
        {tournamentId ? (
          <LinkButton href={`/tournaments/${tournamentId}#sponsors`}>View Sponsors</LinkButton>
        ) : null}
        <LinkButton href="/" variant={tournamentId ? 'outline' : 'solid'}>
          Home
        </LinkButton>
      </>
    );
  } else if (kind === 'donation') {
    icon = <HeartHandshake />;
    title = 'Thank you for your donation!';
    body = <p className={leadClass}>Every dollar helps keep the league running.</p>;
  }

  return (
    <Card>
      <div className={cx(cardInnerClass, centeredClass)} role="status">
        <span className={cx(iconCircleClass, successIconClass)} aria-hidden="true">
          {icon}
        </span>
        <h1 className={titleClass}>{title}</h1>
        <p className={leadClass}>
          {result.message}
          {amount ? ` (${amount} paid)` : ''}
        </p>
        {body}
        <div className={actionsClass}>{actions}</div>
      </div>
    </Card>
  );
}

/**
 * The error card (001 s2) and, as 001 s8 makes every error message a toast, a destructive toast with the same
 * message. The toast is raised once per card: re-renders must not repeat it (nor StrictMode's second effect run).
 */
function ErrorCard({ toastTitle, message, sessionId }: { toastTitle: string; message: string; sessionId?: string }) {
  const toasted = useRef(false);
  useEffect(() => {
    if (toasted.current) return;
    toasted.current = true;
    toast({ title: toastTitle, ...(message !== toastTitle ? { description: message } : {}), variant: 'destructive' });
  }, [toastTitle, message]);

  return (
    <Card>
      <div className={cx(cardInnerClass, centeredClass)} role="alert">
        <span className={cx(iconCircleClass, dangerIconClass)} aria-hidden="true">
          <AlertTriangle />
        </span>
        <h1 className={titleClass}>Payment verification failed</h1>
        <p className={leadClass}>{message}</p>
        <div className={actionsClass}>
          <LinkButton href="/dashboard">Dashboard</LinkButton>
          {/* D17: the admins get the session id with the request, so they can find the payment at once. */}
          <LinkButton
            href={`/support?topic=payment${sessionId ? `&reference=${encodeURIComponent(sessionId)}` : ''}`}
            variant="outline"
          >
            Contact Support
          </LinkButton>
        </div>
      </div>
    </Card>
  );
}
