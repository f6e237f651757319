import { Check, Flag, MapPin, X } from 'lucide-react';
import { useState, useTransition } from 'react';
import { css } from '../../../../styled-system/css';
import type { BracketMatch } from '../../../../edge/features/competition/schema.ts';
import type { ForfeitClaim } from '../../../../edge/features/courts/schema.ts';
import type { ReportSide } from '../../../../edge/features/score-reports/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { staleMatchOf } from '../match-display.ts';
import { sendArrival, sendClaimDecision, sendForfeitClaim } from '../queries.ts';
import { sideName } from '../report-display.ts';

const rowClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
const mutedClass = css({ color: 'fg.muted' });
const errorClass = css({ color: 'fg.error', fontWeight: 'semibold' });

export interface CourtActionsProps {
  tournamentId: number;
  match: BracketMatch;
  /** The viewer's side of this match, if they play it. */
  mine: ReportSide | null;
  claim: ForfeitClaim | null;
  canManage: boolean;
  offline: boolean;
  noShowMinutes: number;
  now: Date;
  /** After an answer (or a refusal): the tab fetches what moved. */
  onDone: () => Promise<void>;
  /** The host's decision through the outbox (ADR 071): with it, Confirm forfeit and Refuse work offline too. */
  onDecide?: (claimId: number, confirm: boolean) => Promise<void>;
}

/** When an entrant at the court may claim the win by forfeit (D41): the no-show time after the call. */
export function mayClaimAt(match: Pick<BracketMatch, 'calledAt'>, noShowMinutes: number): Date | null {
  return match.calledAt ? new Date(new Date(match.calledAt).getTime() + noShowMinutes * 60_000) : null;
}

/**
 * D41 on a called match's card: the entrant's 'I'm at the court' and, once the no-show time has passed with the
 * other side absent, 'Claim forfeit win'; the claim's state; and for the host or an admin, Confirm forfeit or Refuse.
 */
export function CourtActions({ tournamentId, match, mine, claim, canManage, offline, noShowMinutes, now, onDone, onDecide }: CourtActionsProps) {
  const [sending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const run = (call: () => Promise<unknown>) => {
    setError(null);
    start(async () => {
      try {
        await call();
      } catch (e) {
        setError(staleMatchOf(e)?.message ?? getErrorMessage(e) ?? 'An unexpected error occurred');
      }
      await onDone();
    });
  };
  const called = match.status === 'live' && match.calledAt !== null;
  const here = mine === 'A' ? match.arrivedA : mine === 'B' ? match.arrivedB : false;
  const otherHere = mine === 'A' ? match.arrivedB : mine === 'B' ? match.arrivedA : false;
  const claimAt = mayClaimAt(match, noShowMinutes);
  const pending = claim?.state === 'pending' ? claim : null;
  const mayClaim = called && mine && here && !otherHere && !pending && claimAt !== null && now >= claimAt;
  const disabled = offline || sending;
  const decide = (confirm: boolean) =>
    run(() => (onDecide ? onDecide(pending!.id, confirm) : sendClaimDecision(tournamentId, pending!.id, confirm)));
  const decideDisabled = sending || (offline && !onDecide);

  if (!called && !pending) return null;
  return (
    <>
      {called && mine ? (
        <div className={rowClass}>
          {here ? (
            <span className={mutedClass}>You're at the court</span>
          ) : (
            <Button size="sm" disabled={disabled} onClick={() => run(() => sendArrival(tournamentId, match.id))}>
              <MapPin aria-hidden="true" />
              I'm at the court
            </Button>
          )}
          {mayClaim ? (
            <Button
              size="sm"
              variant="outline"
              tone="danger"
              disabled={disabled}
              onClick={() => run(() => sendForfeitClaim(tournamentId, match.id, match.version))}
            >
              <Flag aria-hidden="true" />
              Claim forfeit win
            </Button>
          ) : null}
        </div>
      ) : null}
      {claim ? (
        <p className={claim.state === 'refused' ? mutedClass : undefined}>
          {claim.state === 'pending'
            ? `${claim.claimant} claims the win by forfeit for ${sideName(match, claim.side)} - the host decides`
            : `The forfeit claimed by ${claim.claimant} was refused: play the match`}
        </p>
      ) : null}
      {canManage && pending ? (
        <div className={rowClass}>
          <Button size="sm" tone="danger" disabled={decideDisabled} onClick={() => decide(true)}>
            <Check aria-hidden="true" />
            Confirm forfeit
          </Button>
          <Button size="sm" variant="outline" disabled={decideDisabled} onClick={() => decide(false)}>
            <X aria-hidden="true" />
            Refuse
          </Button>
        </div>
      ) : null}
      {sending ? <span className={mutedClass}>Sending...</span> : null}
      {error ? (
        <p role="alert" className={errorClass}>
          {error}
        </p>
      ) : null}
    </>
  );
}
