import type { HostedTournament } from '../../../../edge/features/hosting/schema.ts';
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
  return (
    <HostTournamentForm
      initial={tournament ? hostFormOf(tournament) : defaultHostForm()}
      submitLabel={tournament ? 'Save Changes' : 'Create Tournament'}
      submittingLabel="Saving..."
      failureTitle={tournament ? 'Update Failed' : 'Creation Failed'}
      onSubmit={onSubmit}
      onCancel={onCancel}
      locked={entered ? LOCKED_AFTER_ENTRY : []}
      lockedNote={
        entered
          ? `${tournament.entrantCount} already entered, so buy-in, capacity and format can no longer change.`
          : undefined
      }
    />
  );
}
