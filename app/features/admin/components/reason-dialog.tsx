import { Field } from '@ark-ui/react/field';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useOnlineStatus } from '../../../lib/online-status.ts';
import { Button } from '../../../ui/button.tsx';
import { useFieldDescription } from '../../../ui/field.tsx';
import { Dialog, DialogFooter } from '../../../ui/dialog.tsx';

const fieldStyles = field();
const textareaClass = css({ minHeight: '24', py: '2', resize: 'vertical' });
const errorClass = css({ color: 'fg.error', fontWeight: 'semibold', textStyle: 'sm' });

export interface ReasonDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  /** The call; its failure stays in the dialog with the server's message. */
  action: (reason: string) => Promise<unknown>;
  onDone: () => Promise<void> | void;
  onClose: () => void;
}

/**
 * A confirmation that needs a reason (a refund, a rejected sponsor listing): 'Reason Required' until one is given
 * (001 s8), and the server's refusal shown in place. The server checks the reason again.
 */
export function ReasonDialog({ title, description, confirmLabel, action, onDone, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const online = useOnlineStatus();
  const { ids, describedBy } = useFieldDescription(false, Boolean(error));
  const mutation = useMutation({
    mutationFn: () => action(reason.trim()),
    onSuccess: async () => {
      onClose();
      await onDone();
    },
  });
  const confirm = () => {
    if (!reason.trim()) {
      setError('Reason Required');
      return;
    }
    mutation.mutate();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      role="alertdialog"
      title={title}
      description={description}
    >
      <Field.Root className={fieldStyles.root} ids={ids} invalid={Boolean(error)} required>
        <Field.Label className={fieldStyles.label}>Reason</Field.Label>
        <Field.Textarea
          className={cx(fieldStyles.input, textareaClass)}
          aria-describedby={describedBy}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        <Field.ErrorText className={fieldStyles.errorText}>{error}</Field.ErrorText>
      </Field.Root>
      {mutation.isError ? (
        <p role="alert" className={errorClass}>
          {getErrorMessage(mutation.error) ?? 'An unexpected error occurred'}
        </p>
      ) : null}
      {!online ? <p className={errorClass}>You are offline. Connect to the internet to continue.</p> : null}
      <DialogFooter>
        <Button tone="danger" disabled={mutation.isPending || !online} onClick={confirm}>
          {mutation.isPending ? 'Working...' : confirmLabel}
        </Button>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
