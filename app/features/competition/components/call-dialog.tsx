import { useState, type FormEvent } from 'react';
import type { BracketMatch } from '../../../../edge/features/competition/schema.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../ui/dialog.tsx';
import { SelectField } from '../../../ui/select.tsx';

const NO_COURT = '';

/**
 * D41, Call to court: the host picks one of the event's courts (or none) and the match is marked live; both players
 * are told 'Your match is ready - Court 2 vs Name'. The first free court is offered first.
 */
export function CallDialog({
  match,
  courts,
  busyCourts,
  offline,
  onClose,
  onCall,
}: {
  match: BracketMatch;
  courts: readonly string[];
  /** Courts with a live match on them now. */
  busyCourts: ReadonlySet<string>;
  offline: boolean;
  onClose: () => void;
  onCall: (court: string | null) => void;
}) {
  const [court, setCourt] = useState(courts.find((c) => !busyCourts.has(c)) ?? courts[0] ?? NO_COURT);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCall(court === NO_COURT ? null : court);
  };
  const options = [
    ...courts.map((c) => ({ value: c, label: busyCourts.has(c) ? `${c} (in use)` : c })),
    { value: NO_COURT, label: 'No court' },
  ];
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Call to court - Match ${match.matchNumber}`}
      description={`${match.teamA?.name ?? 'TBD'} vs ${match.teamB?.name ?? 'TBD'}`}
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <SelectField label="Court" options={options} value={court} onChange={(e) => setCourt(e.target.value)} />
        </DialogBody>
        <DialogFooter>
          <Button type="submit" disabled={offline}>
            Call match
          </Button>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
