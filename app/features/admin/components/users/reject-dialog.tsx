import { Field } from '@ark-ui/react/field';
import { useState } from 'react';
import { css, cx } from '../../../../../styled-system/css';
import { field } from '../../../../../styled-system/recipes';
import { REJECTION_REASON_MAX } from '../../../../../edge/features/verification/schema.ts';
import { Button } from '../../../../ui/button.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../../ui/dialog.tsx';
import { useFieldDescription } from '../../../../ui/field.tsx';
import { toast } from '../../../../ui/toast.tsx';

const styles = field();
const textareaClass = css({ minHeight: '28', py: '2', resize: 'vertical' });

export interface RejectDialogProps {
  /** The applicant, named in the dialog's description. */
  name: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * 001 s2/s5: the reject-verification dialog. The reason is required: the confirm button is disabled while the box is
 * empty, and a reason of spaces only gets 'Reason Required'. The applicant reads it on /apply-verified (D11).
 */
export function RejectDialog({ name, pending, onConfirm, onClose }: RejectDialogProps) {
  const [reason, setReason] = useState('');
  const { ids, describedBy } = useFieldDescription(true, false);
  const confirm = () => {
    const trimmed = reason.trim();
    if (!trimmed) {
      toast({
        title: 'Reason Required',
        description: 'Please provide a reason for rejection.',
        variant: 'destructive',
      });
      return;
    }
    onConfirm(trimmed);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Reject Application"
      description={`Tell ${name} why. They will see this reason on their application page and may apply again.`}
    >
      <DialogBody>
        <Field.Root className={styles.root} ids={ids} required>
          <Field.Label className={styles.label}>Reason for rejection</Field.Label>
          <Field.Textarea
            className={cx(styles.input, textareaClass)}
            aria-describedby={describedBy}
            maxLength={REJECTION_REASON_MAX}
            rows={4}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <Field.HelperText className={styles.helperText}>
            {reason.length}/{REJECTION_REASON_MAX} characters
          </Field.HelperText>
        </Field.Root>
      </DialogBody>
      <DialogFooter>
        <Button tone="danger" disabled={reason.length === 0 || pending} onClick={confirm}>
          {pending ? 'Rejecting...' : 'Confirm Rejection'}
        </Button>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
