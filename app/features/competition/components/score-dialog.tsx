import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import type { BracketMatch, CorrectionConflict } from '../../../../edge/features/competition/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { bestOfLabel, correctionConflictOf, gamesToWin, matchListLabel, staleMatchOf } from '../match-display.ts';
import { reportScore, type ScoreReport } from '../queries.ts';

const errorClass = css({ color: 'fg.error', fontWeight: 'semibold', textStyle: 'sm' });
const updatedClass = css({ fontWeight: 'semibold' });
const scoresClass = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } });

export interface ScoreDialogProps {
  tournamentId: number;
  match: BracketMatch;
  offline: boolean;
  onClose: () => void;
  /** The server's answer: the whole bracket after the change. */
  onSaved: (bracket: BracketMatch[]) => Promise<void>;
  /**
   * The host's score for a live match through the outbox (ADR 071): used while offline, so a decision made with no
   * signal waits on the phone and is sent when the connection returns.
   */
  onQueue?: (report: { scoreA: number; scoreB: number; version: number }) => Promise<void>;
  /** Someone else changed the match meanwhile (D40): the tab fetches the bracket again. */
  onUpdated: () => Promise<void>;
  /**
   * D40, a player's Report Score: the dialog only collects the score and hands it over (the card shows it at once
   * and sends it); `title` and `description` say so.
   */
  player?: { title: string; description: string; onScore: (score: { scoreA: number; scoreB: number }) => void };
}

/** The games each side won, as two number fields named by the sides (the host's dialog and the players'). */
export function ScoreFields({
  match,
  scoreA,
  scoreB,
  onScoreA,
  onScoreB,
}: {
  match: Pick<BracketMatch, 'teamA' | 'teamB' | 'bestOf'>;
  scoreA: string;
  scoreB: string;
  onScoreA: (value: string) => void;
  onScoreB: (value: string) => void;
}) {
  const max = gamesToWin(match.bestOf);
  return (
    <div className={scoresClass}>
      <TextField
        label={`${match.teamA?.name ?? 'TBD'} games`}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        value={scoreA}
        onChange={(e) => onScoreA(e.target.value)}
        required
      />
      <TextField
        label={`${match.teamB?.name ?? 'TBD'} games`}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        value={scoreB}
        onChange={(e) => onScoreB(e.target.value)}
        required
      />
    </div>
  );
}

/** A whole number typed into a score field, or null. */
export function parseScore(value: string): number | null {
  return /^\d{1,2}$/.test(value.trim()) ? Number(value) : null;
}

/**
 * Report score / Correct score (issue 11, D20): the two scores of a best-of-N match; the server's 400 is shown under
 * the form. Each save names the version of the match the dialog shows (D40): when someone else changed it meanwhile,
 * the server refuses with the match as it is now, and the dialog says so ('This match was just updated - Match 5:
 * A 3-1 B') and shows that match, so a second Save is a deliberate correction, never a blind overwrite. A correction
 * that would clear later results comes back 409 naming them: a confirmation lists them ('Match 7, Match 9') and
 * resends with their ids.
 */
export function ScoreDialog({ tournamentId, match: opened, offline, onClose, onSaved, onUpdated, onQueue, player }: ScoreDialogProps) {
  // The match as last heard from the server: the one opened, or the one a stale save was answered with.
  const [match, setMatch] = useState(opened);
  const verb = match.status === 'completed' ? 'Correct score' : 'Report score';
  const [scoreA, setScoreA] = useState(opened.teamA?.score?.toString() ?? '');
  const [scoreB, setScoreB] = useState(opened.teamB?.score?.toString() ?? '');
  const [formError, setFormError] = useState<string | null>(null);
  const [updated, setUpdated] = useState<string | null>(null);
  const [conflict, setConflict] = useState<CorrectionConflict | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The confirmation replaces the form, and the button that pressed Save with it: focus moves to its answer.
  useEffect(() => {
    if (conflict) confirmRef.current?.focus();
  }, [conflict]);

  const mutation = useMutation({
    mutationFn: (report: ScoreReport) => reportScore(tournamentId, match.id, report),
    onSuccess: async (bracket) => {
      toast({ title: match.status === 'completed' ? 'Score Corrected' : 'Score Reported', description: `Match ${match.matchNumber}` });
      onClose();
      await onSaved(bracket);
    },
    onError: (error) => {
      const stale = staleMatchOf(error);
      if (stale) {
        setConflict(null);
        setMatch(stale.match);
        setUpdated(stale.message);
        void onUpdated();
        return;
      }
      const found = correctionConflictOf(error);
      if (found) {
        setConflict(found);
        return;
      }
      setConflict(null);
      setFormError(getErrorMessage(error) ?? 'An unexpected error occurred');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const a = parseScore(scoreA);
    const b = parseScore(scoreB);
    if (a === null || b === null) {
      setFormError('Enter both scores as whole numbers');
      return;
    }
    setFormError(null);
    setUpdated(null);
    if (player) player.onScore({ scoreA: a, scoreB: b });
    else if (offline && onQueue) {
      onClose();
      onQueue({ scoreA: a, scoreB: b, version: match.version }).catch((error: unknown) =>
        toast({ title: 'Error', description: getErrorMessage(error) ?? 'An unexpected error occurred', variant: 'destructive' }),
      );
    } else mutation.mutate({ scoreA: a, scoreB: b, version: match.version });
  };

  const confirm = () => {
    if (!conflict) return;
    mutation.mutate({
      scoreA: Number(scoreA),
      scoreB: Number(scoreB),
      version: match.version,
      confirm: conflict.dependents.map((d) => d.id),
    });
  };

  // One dialog whose content turns into the confirmation: a second modal opened as the first closes would race it
  // for the focus.
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={player?.title ?? (conflict ? `Clear later results? - Match ${match.matchNumber}` : `${verb} - Match ${match.matchNumber}`)}
      description={player?.description ?? (conflict ? undefined : bestOfLabel(match.bestOf))}
    >
      {conflict ? (
        <>
          <p role="alert">
            {`This correction clears the results of ${matchListLabel(conflict.dependents)}. They must be reported again.`}
          </p>
          <DialogFooter>
            <Button ref={confirmRef} tone="danger" disabled={mutation.isPending || offline} onClick={confirm}>
              {mutation.isPending ? 'Saving...' : 'Clear results and save'}
            </Button>
            <Button variant="outline" onClick={() => setConflict(null)}>
              Back
            </Button>
          </DialogFooter>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogBody>
            {updated ? (
              <p role="alert" className={updatedClass}>
                {updated}
              </p>
            ) : null}
            <ScoreFields match={match} scoreA={scoreA} scoreB={scoreB} onScoreA={setScoreA} onScoreB={setScoreB} />
            {formError ? (
              <p role="alert" className={errorClass}>
                {formError}
              </p>
            ) : null}
          </DialogBody>
          <DialogFooter>
            <Button type="submit" disabled={mutation.isPending || (offline && !onQueue)}>
              {player ? 'Send score' : mutation.isPending ? 'Saving...' : 'Save score'}
            </Button>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
          </DialogFooter>
        </form>
      )}
    </Dialog>
  );
}
