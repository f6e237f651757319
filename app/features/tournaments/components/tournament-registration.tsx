import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, CalendarCheck, Check, Lock } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { isInEarlyWindow, type Tournament } from '../../../../edge/features/tournaments/schema.ts';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { tournamentRegistrationsQueryOptions } from '../queries.ts';
import { CHECK_IN_MINUTES, checkInTime, formatLabel, formatMoney, spotsLeft, type Viewer } from '../tournament-display.ts';
import { FetchError } from './fetch-error.tsx';
import { promptGuestToLogIn } from './guest-prompt.ts';
import { noteClass, panelClass, sectionClass, sectionTitleClass, skeletonClass, subTitleClass } from './tab-styles.ts';
import { useNow } from './use-now.ts';

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
const actionClass = css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: { base: 'stretch', sm: 'flex-start' } });
const closedClass = css({ fontWeight: 'semibold', textStyle: 'lg' });
const skeletonSizeClass = css({ height: '48' });

export interface TournamentRegistrationProps {
  tournament: Tournament;
  viewer: Viewer | null;
  /** Sends a guest to /register after the log-in prompt. */
  onGuestRedirect: () => void;
}

/** Registration tab (000 s2): already registered, open (with the early notice), or closed. */
export function TournamentRegistration({ tournament, viewer, onGuestRedirect }: TournamentRegistrationProps) {
  // A guest cannot be on the list, so the registrations are only asked for when someone is signed in.
  const registrations = useQuery({ ...tournamentRegistrationsQueryOptions(tournament.id), enabled: viewer !== null });
  const now = useNow();

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

  const registered =
    viewer !== null && (registrations.data ?? []).some((r) => r.userId === viewer.id && r.status === 'registered');

  if (registered) {
    return (
      <div className={panelClass}>
        <h2 className={sectionTitleClass}>Registration</h2>
        <Alert tone="verified" title="You're registered for this tournament" icon={<CalendarCheck />}>
          <p>
            Please check in {CHECK_IN_MINUTES} minutes before the start, by{' '}
            <strong>{formatLongDateTime(checkInTime(tournament.startDate))}</strong>.
          </p>
        </Alert>
      </div>
    );
  }

  if (tournament.status !== 'upcoming') {
    return (
      <div className={panelClass}>
        <h2 className={sectionTitleClass}>Registration</h2>
        <p className={closedClass}>Registration is closed for this tournament</p>
      </div>
    );
  }

  const early = isInEarlyWindow(tournament.startDate, now);
  const buyIn = formatMoney(tournament.buyIn);

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
            {viewer ? (
              <>
                <Button size="lg" disabled aria-describedby="registration-checkout-note">
                  Register - {buyIn}
                </Button>
                <p id="registration-checkout-note" className={noteClass}>
                  Online checkout is not available yet
                </p>
              </>
            ) : (
              <Button size="lg" onClick={() => promptGuestToLogIn('register for tournaments', onGuestRedirect)}>
                Register - {buyIn}
              </Button>
            )}
          </div>
        </div>
      </Card>
    </div>
  );
}
