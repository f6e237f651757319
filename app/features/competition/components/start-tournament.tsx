import { Play } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { startTournament, useRefreshCompetition } from '../queries.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';

/** 'Start Tournament' (D12): the admin or host starts an upcoming tournament before its start time. */
export function StartTournament({ tournamentId, offline }: { tournamentId: number; offline: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const refresh = useRefreshCompetition(tournamentId);
  return (
    <>
      <Button disabled={offline} onClick={() => setConfirming(true)}>
        <Play aria-hidden="true" />
        Start Tournament
      </Button>
      {confirming ? (
        <ConfirmDialog
          title="Start Tournament?"
          description="The bracket is generated now from the registered players; spots still awaiting payment are released."
          confirmLabel="Start Tournament"
          offline={offline}
          action={() => startTournament(tournamentId)}
          onDone={async () => {
            toast({ title: 'Tournament Started', description: 'The bracket is ready.' });
            await refresh();
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
