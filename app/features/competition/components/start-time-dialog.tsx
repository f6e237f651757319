import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import type { BracketMatch } from '../../../../edge/features/competition/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/field.tsx';
import { fromLocalInputValue, toLocalInputValue } from '../match-display.ts';
import { patchMatch } from '../queries.ts';

const errorClass = css({ color: 'fg.error', fontWeight: 'semibold', textStyle: 'sm' });

export interface StartTimeDialogProps {
  tournamentId: number;
  match: BracketMatch;
  offline: boolean;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

/**
 * Set start time (issue 11): the admin or host sets when a match starts; clearing it goes back to the server's
 * estimate (the previous round's end plus the 15-minute break, 000 s9).
 */
export function StartTimeDialog({ tournamentId, match, offline, onClose, onSaved }: StartTimeDialogProps) {
  const [value, setValue] = useState(match.startTimeEstimated ? '' : toLocalInputValue(match.startTime));
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (startTime: string | null) => patchMatch(tournamentId, match.id, { startTime }),
    onSuccess: async () => {
      onClose();
      await onSaved();
    },
    onError: (e) => setError(getErrorMessage(e) ?? 'An unexpected error occurred'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startTime = fromLocalInputValue(value);
    if (!startTime) {
      setError('Enter a date and time');
      return;
    }
    setError(null);
    mutation.mutate(startTime);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Set start time - Match ${match.matchNumber}`}
      description="Players see this time on the match card."
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <TextField label="Start time" type="datetime-local" value={value} onChange={(e) => setValue(e.target.value)} required />
          {error ? (
            <p role="alert" className={errorClass}>
              {error}
            </p>
          ) : null}
        </DialogBody>
        <DialogFooter>
          <Button type="submit" disabled={mutation.isPending || offline}>
            Save start time
          </Button>
          {!match.startTimeEstimated && match.startTime ? (
            <Button variant="outline" disabled={mutation.isPending || offline} onClick={() => mutation.mutate(null)}>
              Use the estimate
            </Button>
          ) : null}
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
