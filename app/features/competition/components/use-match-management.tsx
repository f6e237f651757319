import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { BracketMatch, BracketSide } from '../../../../edge/features/competition/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { courtsQueryOptions, patchMatch, useRefreshCompetition, withdrawEntrant } from '../queries.ts';
import { CallDialog } from './call-dialog.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import type { MatchManagement } from './match-card.tsx';
import { ScoreDialog } from './score-dialog.tsx';
import { StartTimeDialog } from './start-time-dialog.tsx';

type OpenDialog =
  | { kind: 'score'; match: BracketMatch }
  | { kind: 'call'; match: BracketMatch }
  | { kind: 'start-time'; match: BracketMatch }
  | { kind: 'withdraw'; match: BracketMatch; side: BracketSide }
  | null;

/**
 * The admin's or host's actions on the match cards (issue 11): one set of dialogs for the whole tab, opened from a
 * card. After each change the bracket, standings and history are fetched again. Null `manage` for everyone else.
 */
export function useMatchManagement(
  tournamentId: number,
  enabled: boolean,
  offline: boolean,
  matches: readonly BracketMatch[] = [],
): { manage: MatchManagement | undefined; dialogs: ReactNode } {
  const refresh = useRefreshCompetition(tournamentId);
  const [open, setOpen] = useState<OpenDialog>(null);
  const courts = useQuery({ ...courtsQueryOptions(tournamentId), enabled }).data?.courts ?? [];
  const status = useMutation({
    mutationFn: ({ match, to, court }: { match: BracketMatch; to: 'live' | 'upcoming'; court?: string | null }) =>
      patchMatch(tournamentId, match.id, to === 'live' && court !== undefined ? { status: to, court } : { status: to }),
    onSuccess: async (_, { match, to, court }) => {
      const where = court ? ` - ${court}` : '';
      toast({ title: to === 'live' ? (court ? 'Match Called' : 'Match Live') : 'Match Upcoming', description: `Match ${match.matchNumber}${where}` });
      await refresh();
    },
    onError: async (error) => {
      toast({ title: 'Error', description: getErrorMessage(error) ?? 'An unexpected error occurred', variant: 'destructive' });
      await refresh();
    },
  });

  if (!enabled) return { manage: undefined, dialogs: null };

  const close = () => setOpen(null);
  const manage: MatchManagement = {
    offline,
    busyMatchId: status.isPending ? status.variables.match.id : null,
    onScore: (match) => setOpen({ kind: 'score', match }),
    onStartTime: (match) => setOpen({ kind: 'start-time', match }),
    onWithdraw: (match, side) => setOpen({ kind: 'withdraw', match, side }),
    onStatus: (match, to) => (to === 'live' && courts.length > 0 ? setOpen({ kind: 'call', match }) : status.mutate({ match, to })),
    courts,
  };

  let dialogs: ReactNode = null;
  if (open?.kind === 'score') {
    dialogs = (
      <ScoreDialog
        key={open.match.id}
        tournamentId={tournamentId}
        match={open.match}
        offline={offline}
        onClose={close}
        onSaved={(bracket) => refresh(bracket)}
        onUpdated={() => refresh()}
      />
    );
  } else if (open?.kind === 'call') {
    const { match } = open;
    const busy = new Set(matches.filter((m) => m.status === 'live' && m.court).map((m) => m.court!));
    dialogs = (
      <CallDialog
        key={match.id}
        match={match}
        courts={courts}
        busyCourts={busy}
        offline={offline}
        onClose={close}
        onCall={(court) => {
          close();
          status.mutate({ match, to: 'live', court });
        }}
      />
    );
  } else if (open?.kind === 'start-time') {
    dialogs = (
      <StartTimeDialog
        key={open.match.id}
        tournamentId={tournamentId}
        match={open.match}
        offline={offline}
        onClose={close}
        onSaved={() => refresh()}
      />
    );
  } else if (open?.kind === 'withdraw') {
    const { side } = open;
    dialogs = (
      <ConfirmDialog
        title={`Withdraw ${side.name}?`}
        description={`${side.name} leaves the tournament: each of their open matches becomes a forfeit won by the opponent. The buy-in is not refunded.`}
        confirmLabel="Withdraw"
        danger
        offline={offline}
        action={() => withdrawEntrant(tournamentId, side.userId ?? '')}
        onDone={async () => {
          toast({ title: 'Entrant Withdrawn', description: side.name });
          await refresh();
        }}
        onClose={close}
      />
    );
  }
  return { manage, dialogs };
}
