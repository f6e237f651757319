import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { BadgeCheck, CalendarCheck, Clock, Lock, Users } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { CHECKOUT_HOLD_MS, TEAM_ENTRY_TEXTS } from '../../../../edge/features/payments/constants.ts';
import { isInEarlyWindow, type Tournament } from '../../../../edge/features/tournaments/schema.ts';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client.ts';
import { useDisplayDates } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { toast } from '../../../ui/toast.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { cancellationOf } from '../cancellation-and-host.ts';
import { goToCheckout, registerTeamButtonLabel, startTeamRegistrationCheckout } from '../checkout.ts';
import {
  myRegistrationsQueryOptions,
  ownerTeamsQueryOptions,
  tournamentQueryOptions,
  tournamentRegistrationsQueryOptions,
} from '../queries.ts';
import { rosterNote, teamRegistrationRefusal } from '../team-registration.ts';
import { CHECK_IN_MINUTES, checkInTime, spotsLeft, teamFormatLabel, type Viewer } from '../tournament-display.ts';
import { CheckInPanel } from './check-in-panel.tsx';
import { FetchError } from './fetch-error.tsx';
import { promptGuestToLogIn } from './guest-prompt.ts';
import { noteClass, panelClass, sectionClass, sectionTitleClass, skeletonClass, subTitleClass } from './tab-styles.ts';
import { useRenderNow } from '../../../lib/render-env.ts';

const WaitlistPanel = lazy(() => import('./waitlist-panel.tsx'));

const cardInnerClass = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '5', md: '6' } });
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
  gap: '3',
  alignItems: { base: 'stretch', sm: 'flex-start' },
});
const closedClass = css({ fontWeight: 'semibold', textStyle: 'lg' });
const teamsListClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const teamChipClass = css({ background: 'bg.subtle', borderRadius: 'full', px: '3', py: '1', fontWeight: 'semibold' });
const skeletonSizeClass = css({ height: '48' });

/** Registers the owner's team (D22); busy from the press until the page leaves for the checkout or a failure. */
function useTeamRegister(tournament: Tournament) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (teamId: number) => startTeamRegistrationCheckout(tournament.id, teamId),
    onSuccess: async (response) => {
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
      const words =
        getErrorStatus(error) === undefined
          ? { title: 'Registration Failed', description: 'An unexpected error occurred' }
          : teamRegistrationRefusal(getErrorMessage(error));
      toast({ ...words, variant: 'destructive' });
      await queryClient.invalidateQueries({ queryKey: tournamentRegistrationsQueryOptions(tournament.id).queryKey });
    },
  });
  const leaving = mutation.isSuccess && Boolean(mutation.data.checkoutUrl);
  return { register: mutation.mutate, busy: mutation.isPending || leaving };
}

export interface TeamRegistrationProps {
  tournament: Tournament;
  viewer: Viewer | null;
  onGuestRedirect: () => void;
  nextMatch?: ReactNode;
}

/**
 * The Registration tab of a team tournament (D22): the entered teams, and for a team owner their team's entry
 * (Register Team, the hold awaiting payment, or registered). Players and fans are told who registers.
 */
export function TeamRegistration({ tournament, viewer, onGuestRedirect, nextMatch }: TeamRegistrationProps) {
  const registrations = useQuery(tournamentRegistrationsQueryOptions(tournament.id));
  const owner = viewer?.role === 'owner';
  const myTeams = useQuery({ ...ownerTeamsQueryOptions, enabled: owner });
  // Refreshed every 30 s so time-based badges (the early window) appear on their own.
  const now = useRenderNow(30_000);
  const { longDateTime } = useDisplayDates();
  const gate = useConnectionGate();
  const { register, busy } = useTeamRegister(tournament);
  const [picked, setPicked] = useState<string>('');
  // D39: a captain checks their team in too; my-registrations says which entries the viewer may check in.
  const myEntries = useQuery({ ...myRegistrationsQueryOptions, enabled: viewer !== null && tournament.checkIn === true });
  const enteredId = useId();

  if (registrations.isPending) {
    return (
      <div className={panelClass} aria-busy="true">
        <VisuallyHidden role="status">Loading registration</VisuallyHidden>
        <div className={`${skeletonClass} ${skeletonSizeClass}`} aria-hidden="true" />
      </div>
    );
  }
  if (registrations.isError) {
    return (
      <div className={panelClass}>
        <FetchError title="Error" error={registrations.error} onRetry={() => void registrations.refetch()} />
      </div>
    );
  }

  const entries = registrations.data.filter((r) => r.team !== null);
  const mine = viewer ? entries.find((r) => r.userId === viewer.id) : undefined;
  const enteredTeams = (
    <section className={sectionClass} aria-labelledby={enteredId}>
      <h3 id={enteredId} className={subTitleClass}>
        Entered Teams
      </h3>
      {entries.length === 0 ? (
        <p className={noteClass}>No teams registered yet</p>
      ) : (
        <ul className={teamsListClass} aria-labelledby={enteredId}>
          {entries.map((r) => (
            <li key={r.id} className={teamChipClass}>
              <TextLink href={`/teams/${r.team!.id}`}>{r.team!.name}</TextLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
  const closed = (
    <div className={panelClass}>
      <h2 className={sectionTitleClass}>Registration</h2>
      <p className={closedClass}>Registration is closed for this tournament</p>
      {enteredTeams}
    </div>
  );

  if (cancellationOf(tournament)) return closed;
  if (mine?.status === 'pending_payment') {
    const heldUntil = new Date(new Date(mine.createdAt).getTime() + CHECKOUT_HOLD_MS);
    return (
      <div className={panelClass}>
        <h2 className={sectionTitleClass}>Registration</h2>
        <Alert tone="verified" title="Awaiting payment" icon={<Clock />}>
          <p>
            {mine.team!.name}'s spot is held until <strong>{longDateTime(heldUntil)}</strong>. Complete the payment of{' '}
            {formatMoney(tournament.buyIn)} to confirm the registration.
          </p>
          <Button disabled={busy} {...gate.buttonProps} onClick={() => register(mine.team!.id)}>
            {busy ? 'Redirecting to checkout...' : 'Complete payment'}
          </Button>
          <NeedsConnectionNote gate={gate} action="Paying" />
        </Alert>
      </div>
    );
  }
  if (mine?.status === 'registered') {
    return (
      <div className={panelClass}>
        <h2 className={sectionTitleClass}>Registration</h2>
        {tournament.checkIn && tournament.status === 'upcoming' && viewer ? (
          // D39: the owner checks the team in from 2 hours to 30 minutes before the start.
          <CheckInPanel
            tournamentId={tournament.id}
            title={tournament.title}
            startDate={tournament.startDate}
            checkedInAt={mine.checkedInAt}
            userId={viewer.id}
            team={mine.team!.name}
          />
        ) : (
          <Alert tone="verified" title={`${mine.team!.name} is registered for this tournament`} icon={<CalendarCheck />}>
            <p>
              Your players check in {CHECK_IN_MINUTES} minutes before the start, by{' '}
              <strong>{longDateTime(checkInTime(tournament.startDate))}</strong>.
            </p>
          </Alert>
        )}
        {tournament.status === 'live' ? nextMatch : null}
        {enteredTeams}
      </div>
    );
  }
  if (tournament.status !== 'upcoming') return closed;

  const led = (myEntries.data ?? []).find((r) => r.tournamentId === tournament.id && r.mayCheckIn && r.teamName);
  const captainCheckIn =
    led && viewer && tournament.checkIn ? (
      <CheckInPanel
        tournamentId={tournament.id}
        title={tournament.title}
        startDate={tournament.startDate}
        checkedInAt={led.checkedInAt}
        userId={viewer.id}
        team={led.teamName!}
      />
    ) : null;

  const early = isInEarlyWindow(tournament.startDate, now);
  const label = registerTeamButtonLabel(tournament.buyIn, formatMoney);
  const teams = myTeams.data ?? [];
  const team = teams.find((candidate) => String(candidate.id) === picked) ?? teams[0];
  const note = team ? rosterNote(team, tournament.teamSize) : null;

  let action: ReactNode;
  if (!viewer) {
    action = (
      <Button size="lg" onClick={() => promptGuestToLogIn('register for tournaments', onGuestRedirect)}>
        {label}
      </Button>
    );
  } else if (!owner) {
    action = (
      <p className={noteClass} role="note">
        {TEAM_ENTRY_TEXTS.soloInTeamTournament}.
      </p>
    );
  } else if (myTeams.isPending) {
    action = <div className={`${skeletonClass} ${css({ height: '12', width: '64' })}`} aria-hidden="true" />;
  } else if (myTeams.isError) {
    action = <FetchError title="Error" error={myTeams.error} onRetry={() => void myTeams.refetch()} />;
  } else if (!team) {
    action = (
      <p className={noteClass} role="note">
        Create your team on <TextLink href="/teams">your team page</TextLink> to register it.
      </p>
    );
  } else {
    action = (
      <>
        {teams.length > 1 ? (
          <SelectField
            label="Team"
            value={String(team.id)}
            options={teams.map((t) => ({ value: String(t.id), label: t.name }))}
            onChange={(e) => setPicked(e.target.value)}
          />
        ) : (
          <p>
            Registering <strong>{team.name}</strong> with its {team.roster.length}-player roster.
          </p>
        )}
        {note ? (
          <p className={noteClass} role="note">
            {note}
          </p>
        ) : null}
        {spotsLeft(tournament) === 0 ? (
          // D42: a full team tournament's waitlist holds teams; the owner joins with the team picked above.
          <Suspense fallback={null}>
            <WaitlistPanel
              tournamentId={tournament.id}
              teamId={team.id}
              register={() => register(team.id)}
              registerLabel={label}
              busy={busy}
              offline={gate.offline}
            />
          </Suspense>
        ) : (
          <>
            <Button size="lg" disabled={busy || note !== null} {...gate.buttonProps} onClick={() => register(team.id)}>
              {busy ? 'Redirecting to checkout...' : label}
            </Button>
            <NeedsConnectionNote gate={gate} action="Registering" />
          </>
        )}
        <p className={noteClass}>
          Every player on the roster must have signed the liability waiver. The roster as it is now plays and earns the
          points.
        </p>
      </>
    );
  }

  return (
    <div className={panelClass}>
      <h2 className={sectionTitleClass}>Registration</h2>
      {captainCheckIn}
      {early ? (
        <Alert tone="verified" title="Early Registration" icon={viewer?.isVerified ? <BadgeCheck /> : <Lock />}>
          <p>
            {viewer?.isVerified
              ? "You're verified: register your team now, during the 24-hour early-registration window."
              : 'Early registration is only available to verified users. Public registration opens after the early period.'}
          </p>
        </Alert>
      ) : null}
      <Card>
        <div className={cardInnerClass}>
          <p className={css({ alignItems: 'center', display: 'flex', gap: '2', fontWeight: 'semibold' })}>
            <Users aria-hidden="true" />A team tournament: team owners register their teams (
            {teamFormatLabel(tournament)}).
          </p>
          <dl className={factsClass}>
            <div className={factClass}>
              <dt className={factLabelClass}>Buy-In per Team</dt>
              <dd className={factValueClass}>{tournament.buyIn > 0 ? formatMoney(tournament.buyIn) : 'Free'}</dd>
            </div>
            <div className={factClass}>
              <dt className={factLabelClass}>Available Spots</dt>
              <dd className={factValueClass}>{spotsLeft(tournament)}</dd>
            </div>
            <div className={factClass}>
              <dt className={factLabelClass}>Players per Team</dt>
              <dd className={factValueClass}>{tournament.teamSize}</dd>
            </div>
          </dl>
          <div className={actionClass}>{action}</div>
        </div>
      </Card>
      {enteredTeams}
    </div>
  );
}
