import { Field } from '@ark-ui/react/field';
import { useState } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../ui/dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { rejectTournament } from '../queries.ts';

const styles = field();
const textareaClass = css({ minHeight: '28', py: '2', resize: 'vertical' });

/** 001 s2, s5: the reject tournament dialog; the trimmed reason must not be empty ('Reason Required'). */
export function RejectTournamentDialog({
  tournament,
  onClose,
  onRejected,
}: {
  tournament: { id: number; title: string };
  onClose: () => void;
  onRejected: () => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

  const reject = async () => {
    if (!reason.trim()) {
      toast({
        title: 'Reason Required',
        description: 'Please provide a reason for rejection.',
        variant: 'destructive',
      });
      return;
    }
    setBusy(true);
    try {
      await rejectTournament(tournament.id, reason.trim());
      toast({
        title: 'Tournament Rejected',
        description: `${tournament.title} was rejected and the host was told why.`,
      });
      await onRejected();
    } catch (error) {
      toast({
        title: 'Rejection Failed',
        description: getErrorMessage(error) ?? 'Failed to reject tournament',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Reject Tournament"
      description={`Tell the host why ${tournament.title} is not approved. They see this reason.`}
    >
      <DialogBody>
        <Field.Root className={styles.root} required>
          <Field.Label className={styles.label}>Reason for rejection</Field.Label>
          <Field.Textarea
            className={cx(styles.input, textareaClass)}
            value={reason}
            maxLength={1000}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field.Root>
      </DialogBody>
      <DialogFooter>
        <Button tone="danger" onClick={() => void reject()} disabled={busy}>
          {busy ? 'Rejecting...' : 'Reject Tournament'}
        </Button>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
