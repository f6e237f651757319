import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { BracketMatch, BracketSide } from '../../../../edge/features/competition/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../ui/toast.tsx';
import { callMatch, decideForfeitClaim, reportMatchResult, type HostActionOutcome } from '../host-actions.ts';
import { courtsQueryOptions, patchMatch, sendClaimDecision, useRefreshCompetition, withdrawEntrant } from '../queries.ts';
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
  /** The signed-in host, whose tournament-day actions may wait in the outbox (ADR 071); null: online only. */
  queueAs: string | null = null,
): { manage: MatchManagement | undefined; dialogs: ReactNode } {
  const refresh = useRefreshCompetition(tournamentId);
  const [open, setOpen] = useState<OpenDialog>(null);
  const courts = useQuery({ ...courtsQueryOptions(tournamentId), enabled }).data?.courts ?? [];
  /** What became of an action sent through the outbox: a refusal throws (as a refused request does). */
  const settled = async (outcome: HostActionOutcome, label: string) => {
    if (outcome.state === 'refused') throw new Error(outcome.message);
    if (outcome.state === 'queued') toast({ title: 'Waiting to send', description: `${label}: sent when the connection returns` });
    return outcome.state;
  };
  const status = useMutation({
    mutationFn: async ({ match, to, court }: { match: BracketMatch; to: 'live' | 'upcoming'; court?: string | null }) => {
      if (to === 'live' && queueAs) return settled(await callMatch(tournamentId, queueAs, match, court ?? null), `Match ${match.matchNumber}`);
      await patchMatch(tournamentId, match.id, to === 'live' && court !== undefined ? { status: to, court } : { status: to });
      return 'sent' as const;
    },
    onSuccess: async (state, { match, to, court }) => {
      if (state !== 'sent') return;
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
    queueAs,
    onClaimDecision: async (match, claimId, confirm) => {
      if (!queueAs) {
        await sendClaimDecision(tournamentId, claimId, confirm);
        return;
      }
      const label = `Match ${match.matchNumber}`;
      await settled(await decideForfeitClaim(tournamentId, queueAs, { id: claimId, matchNumber: match.matchNumber }, confirm), label);
    },
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
        onQueue={
          queueAs && open.match.status === 'live'
            ? async (report) => {
                const outcome = await reportMatchResult(tournamentId, queueAs, open.match, report);
                if ((await settled(outcome, `Match ${open.match.matchNumber}`)) === 'sent') await refresh();
              }
            : undefined
        }
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
        offline={offline && !queueAs}
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
