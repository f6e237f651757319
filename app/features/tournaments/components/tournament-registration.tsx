import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { BadgeCheck, CalendarCheck, Check, Clock, Lock } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { isInEarlyWindow, type Tournament } from '../../../../edge/features/tournaments/schema.ts';
import { CHECKOUT_HOLD_MS } from '../../../../edge/features/payments/constants.ts';
import { checkInWindow } from '../../../../edge/features/check-in/constants.ts';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client.ts';
import { useDisplayDates } from '../../../lib/dates.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { Card } from '../../../ui/card.tsx';
import { toast } from '../../../ui/toast.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import {
  goToCheckout,
  registerButtonLabel,
  startRegistrationCheckout,
  waiverStatusQueryOptions,
  type CheckoutResponse,
} from '../checkout.ts';
import {
  myRegistrationsQueryOptions,
  tournamentQueryOptions,
  tournamentRegistrationsQueryOptions,
} from '../queries.ts';
import { formatMoney } from '../../../lib/money.ts';
import { cancellationOf } from '../cancellation-and-host.ts';
import {
  CHECK_IN_MINUTES,
  checkInTime,
  formatLabel,
  spotsLeft,
  type Viewer,
} from '../tournament-display.ts';
import { mayRegisterToPlay, registrationRefusal } from '../registration-eligibility.ts';
import { CheckInPanel } from './check-in-panel.tsx';
import { FetchError } from './fetch-error.tsx';
import { promptGuestToLogIn } from './guest-prompt.ts';
import { noteClass, panelClass, sectionClass, sectionTitleClass, skeletonClass, subTitleClass } from './tab-styles.ts';
import { useRenderNow } from '../../../lib/render-env.ts';

// D42: loaded only when a full tournament shows it (the detail page's first load stays as it was).
const WaitlistPanel = lazy(() => import('./waitlist-panel.tsx'));
const HostWaitlist = lazy(() => import('./waitlist-panel.tsx').then((m) => ({ default: m.HostWaitlist })));

/** What a registration includes (000 s2). */
const inclusions = ['Tournament entry', 'Chance to win the prize pool', 'Ranking points', 'Professional referee'];

const cardInnerClass = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '5', md: '6' } });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const itemClass = css({
  alignItems: 'flex-start',
  display: 'flex',
  gap: '2',
  '& svg': { color: 'verified.text', flexShrink: '0', height: '5', mt: '0.5', width: '5' },
});
const factsClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
});
const factClass = css({ background: 'bg.subtle', borderRadius: 'l2', p: '3' });
const factLabelClass = css({ color: 'fg.muted', fontWeight: 'semibold', textStyle: 'sm' });
const factValueClass = css({ fontSize: 'xl', fontWeight: 'black' });
const actionClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  alignItems: { base: 'stretch', sm: 'flex-start' },
});
const closedClass = css({ fontWeight: 'semibold', textStyle: 'lg' });
const skeletonSizeClass = css({ height: '48' });
const holdActionClass = css({ mt: '3' });

/** 000 s8, s9: the waiver-required redirect waits this long so the toast can be read. */
const WAIVER_REDIRECT_MS = 1500;

/** What pressing Register came to: stopped by a rule the screen repeats, or the checkout's answer. */
type RegisterOutcome = { stop: 'waiver' } | { stop: 'early' } | { stop: null; response: CheckoutResponse };

/**
 * Registers the signed-in viewer (000 s2, s4, s8): waiver check (a failed check is only logged), the early
 * window, then the checkout call. Busy from the press until the page leaves for the checkout, or until a failure.
 */
function useRegister(tournament: Tournament, viewer: Viewer | null) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const mutation = useMutation({
    mutationFn: async ({ skipChecks }: { skipChecks: boolean }): Promise<RegisterOutcome> => {
      if (!skipChecks) {
        try {
          const status = await queryClient.fetchQuery(waiverStatusQueryOptions);
          if (!status.hasSigned) return { stop: 'waiver' };
        } catch (error) {
          console.error('Failed to check waiver status', error);
        }
        if (isInEarlyWindow(tournament.startDate, new Date()) && !viewer?.isVerified) return { stop: 'early' };
      }
      return { stop: null, response: await startRegistrationCheckout(tournament.id) };
    },
    onSuccess: async (outcome) => {
      if (outcome.stop === 'waiver') {
        toast({
          title: 'Waiver Required',
          description: 'You must sign the liability waiver before registering for tournaments.',
          variant: 'destructive',
        });
        window.setTimeout(() => void router.navigate({ href: '/waiver' }), WAIVER_REDIRECT_MS);
        return;
      }
      if (outcome.stop === 'early') {
        toast({
          title: 'Verified Users Only',
          description:
            'Early registration is only available to verified users. Public registration opens after the early period.',
          variant: 'destructive',
        });
        return;
      }
      const { response } = outcome;
      if (response.checkoutUrl) {
        goToCheckout(response.checkoutUrl);
        return;
      }
      // A zero buy-in registers at once (D3).
      toast({ title: 'Registration Successful', description: response.message });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tournamentRegistrationsQueryOptions(tournament.id).queryKey }),
        queryClient.invalidateQueries({ queryKey: myRegistrationsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: tournamentQueryOptions(tournament.id).queryKey, exact: true }),
      ]);
    },
    onError: async (error) => {
      toast({
        title: 'Registration Failed',
        description:
          getErrorStatus(error) === undefined
            ? 'An unexpected error occurred'
            : getErrorMessage(error) ?? 'Unable to register for this tournament',
        variant: 'destructive',
      });
      // The refusal may be news (full, already registered): show the tab as it is now.
      await queryClient.invalidateQueries({ queryKey: tournamentRegistrationsQueryOptions(tournament.id).queryKey });
    },
  });
  const leaving = mutation.isSuccess && mutation.data.stop === null && Boolean(mutation.data.response.checkoutUrl);
  return { register: mutation.mutate, busy: mutation.isPending || leaving };
}

export interface TournamentRegistrationProps {
  tournament: Tournament;
  viewer: Viewer | null;
  /** Sends a guest to /register after the log-in prompt. */
  onGuestRedirect: () => void;
  /** Where the registered viewer plays next while the tournament is live (issue 11). */
  nextMatch?: ReactNode;
}

/** Registration tab (000 s2): already registered, open (with the early notice), or closed. */
export function TournamentRegistration({
  tournament,
  viewer,
  onGuestRedirect,
  nextMatch,
}: TournamentRegistrationProps) {
  // A guest cannot be on the list, so the registrations are only asked for when someone is signed in.
  const registrations = useQuery({ ...tournamentRegistrationsQueryOptions(tournament.id), enabled: viewer !== null });
  // Refreshed every 30 s so time-based badges (the early window) appear on their own.
  const now = useRenderNow(30_000);
  const { longDateTime } = useDisplayDates();
  const { register, busy } = useRegister(tournament, viewer);
  const gate = useConnectionGate();

  if (viewer && registrations.isPending) {
    return (
      <div className={panelClass} aria-busy="true">
        <VisuallyHidden role="status">Loading registration</VisuallyHidden>
        <div className={`${skeletonClass} ${skeletonSizeClass}`} aria-hidden="true" />
      </div>
    );
  }
  if (viewer && registrations.isError) {
    return (
      <div className={panelClass}>
        <FetchError title="Error" error={registrations.error} onRetry={() => void registrations.refetch()} />
      </div>
    );
  }

  const mine = viewer !== null ? (registrations.data ?? []).find((r) => r.userId === viewer.id) : undefined;
  const registered = mine?.status === 'registered';

  // D33: a cancelled tournament closes registration, whatever the viewer held (a payment hold cannot be completed).
  if (cancellationOf(tournament)) {
    return (
      <div className={panelClass}>
        <h2 className={sectionTitleClass}>Registration</h2>
        <p className={closedClass}>Registration is closed for this tournament</p>
      </div>
    );
  }

  if (mine?.status === 'pending_payment') {
    const heldUntil = new Date(new Date(mine.createdAt).getTime() + CHECKOUT_HOLD_MS);
    return (
      <div className={panelClass}>
        <h2 className={sectionTitleClass}>Registration</h2>
        <Alert tone="verified" title="Awaiting payment" icon={<Clock />}>
          <p>
            Your spot is held until <strong>{longDateTime(heldUntil)}</strong>. Complete the payment of{' '}
            {formatMoney(tournament.buyIn)} to confirm your registration.
          </p>
          <Button
            className={holdActionClass}
            disabled={busy}
            {...gate.buttonProps}
            onClick={() => register({ skipChecks: true })}
          >
            {busy ? 'Redirecting to checkout...' : 'Complete payment'}
          </Button>
          <NeedsConnectionNote gate={gate} action="Paying" />
        </Alert>
      </div>
    );
  }

  if (registered) {
    return (
      <div className={panelClass}>
        <h2 className={sectionTitleClass}>Registration</h2>
        {tournament.checkIn && tournament.status === 'upcoming' && viewer ? (
          // D39: check in from 2 hours to 30 minutes before the start.
          <CheckInPanel
            tournamentId={tournament.id}
            title={tournament.title}
            startDate={tournament.startDate}
            checkedInAt={mine?.checkedInAt ?? null}
            userId={viewer.id}
          />
        ) : (
          <Alert tone="verified" title="You're registered for this tournament" icon={<CalendarCheck />}>
            <p>
              Please check in {CHECK_IN_MINUTES} minutes before the start, by{' '}
              <strong>{longDateTime(checkInTime(tournament.startDate))}</strong>.
            </p>
          </Alert>
        )}
        {tournament.status === 'live' ? nextMatch : null}
      </div>
    );
  }

  // D39: with check-in, registration ends at its close.
  const closed = tournament.checkIn === true && now >= checkInWindow(new Date(tournament.startDate)).closesAt;
  if (tournament.status !== 'upcoming' || closed) {
    return (
      <div className={panelClass}>
        <h2 className={sectionTitleClass}>Registration</h2>
        <p className={closedClass}>Registration is closed for this tournament</p>
      </div>
    );
  }

  const early = isInEarlyWindow(tournament.startDate, now);
  // D42: the host and admins see the line.
  const manages =
    viewer !== null &&
    (viewer.id === tournament.hostId || (['admin', 'super_admin'].includes(viewer.role) && !viewer.foreignAdmin));
  const buyIn = tournament.buyIn > 0 ? formatMoney(tournament.buyIn) : 'Free';
  const label = registerButtonLabel(tournament.buyIn, formatMoney);

  return (
    <div className={panelClass}>
      <h2 className={sectionTitleClass}>Registration</h2>
      {early ? (
        viewer?.isVerified ? (
          <Alert tone="verified" title="Early Registration" icon={<BadgeCheck />}>
            <p>You're verified: register now, during the 24-hour early-registration window.</p>
          </Alert>
        ) : (
          <Alert tone="verified" title="Early Registration" icon={<Lock />}>
            <p>
              Early registration is only available to verified users. Public registration opens after the early period.
            </p>
          </Alert>
        )
      ) : null}
      <Card>
        <div className={cardInnerClass}>
          <section className={sectionClass} aria-labelledby="registration-includes">
            <h3 id="registration-includes" className={subTitleClass}>
              What's Included
            </h3>
            <ul className={listClass}>
              {inclusions.map((item) => (
                <li key={item} className={itemClass}>
                  <Check aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </section>
          <dl className={factsClass}>
            <div className={factClass}>
              <dt className={factLabelClass}>Buy-In</dt>
              <dd className={factValueClass}>{buyIn}</dd>
            </div>
            <div className={factClass}>
              <dt className={factLabelClass}>Available Spots</dt>
              <dd className={factValueClass}>{spotsLeft(tournament)}</dd>
            </div>
            <div className={factClass}>
              <dt className={factLabelClass}>Format</dt>
              <dd className={factValueClass}>{formatLabel(tournament.format)}</dd>
            </div>
          </dl>
          <div className={actionClass}>
            {viewer && !mayRegisterToPlay(viewer) ? (
              // A fan's or a foreign-domain admin's press would only end in the server's refusal (D6, D9): say it
              // before they try.
              <p className={noteClass} role="note">
                {registrationRefusal(viewer)}
              </p>
            ) : viewer && spotsLeft(tournament) === 0 ? (
              // D42: a full tournament offers its waitlist where Register would be.
              <Suspense fallback={null}>
                <WaitlistPanel
                  tournamentId={tournament.id}
                  register={() => register({ skipChecks: false })}
                  registerLabel={label}
                  busy={busy}
                  offline={gate.offline}
                />
              </Suspense>
            ) : viewer ? (
              <>
                <Button size="lg" disabled={busy} {...gate.buttonProps} onClick={() => register({ skipChecks: false })}>
                  {busy ? 'Redirecting to checkout...' : label}
                </Button>
                <NeedsConnectionNote gate={gate} action="Registering" />
                {tournament.buyIn > 0 ? (
                  <p className={noteClass}>You pay the buy-in on a secure checkout page.</p>
                ) : null}
              </>
            ) : (
              <Button size="lg" onClick={() => promptGuestToLogIn('register for tournaments', onGuestRedirect)}>
                {label}
              </Button>
            )}
          </div>
        </div>
      </Card>
      {manages && (tournament.waitlisted ?? 0) > 0 ? (
        <Suspense fallback={null}>
          <HostWaitlist tournamentId={tournament.id} />
        </Suspense>
      ) : null}
    </div>
  );
}
