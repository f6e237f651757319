import { useState } from 'react';
import type { HostedTournament } from '../../../../edge/features/hosting/schema.ts';
import { checkInWindow } from '../../../../edge/features/check-in/constants.ts';
import { defaultHostForm, hostFormOf, type HostFormField } from '../host-form.ts';
import { HostTournamentForm } from './host-tournament-form.tsx';

/** D24: what the server refuses to change once anyone has entered. */
const LOCKED_AFTER_ENTRY: readonly HostFormField[] = ['buyIn', 'maxPlayers', 'maxTeams', 'teamSize', 'format'];

/** The admin manager's create and edit form: the host form, with buy-in, capacity and format locked after an entry. */
export function ManagerTournamentForm({
  tournament,
  onSubmit,
  onCancel,
}: {
  tournament: HostedTournament | null;
  onSubmit: (payload: unknown) => Promise<void>;
  onCancel: () => void;
}) {
  const entered = tournament !== null && tournament.entrantCount > 0;
  // D39: the server keeps check-in as it is once its window has opened.
  const [openedAt] = useState(() => Date.now());
  const checkInOpened =
    tournament !== null && openedAt >= checkInWindow(new Date(tournament.startDate)).opensAt.getTime();
  const locked = [...(entered ? LOCKED_AFTER_ENTRY : []), ...(checkInOpened ? (['checkIn'] as const) : [])];
  const notes = [
    entered ? `${tournament.entrantCount} already entered, so buy-in, capacity and format can no longer change.` : '',
    checkInOpened ? 'Check-in has opened, so it can no longer be turned on or off.' : '',
  ].filter(Boolean);
  return (
    <HostTournamentForm
      initial={tournament ? hostFormOf(tournament) : defaultHostForm()}
      submitLabel={tournament ? 'Save Changes' : 'Create Tournament'}
      submittingLabel="Saving..."
      failureTitle={tournament ? 'Update Failed' : 'Creation Failed'}
      onSubmit={onSubmit}
      onCancel={onCancel}
      locked={locked}
      lockedNote={notes.length > 0 ? notes.join(' ') : undefined}
    />
  );
}
