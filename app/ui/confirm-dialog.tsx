import { useMutation } from '@tanstack/react-query';
import { css } from '../../styled-system/css';
import { getErrorMessage } from '../lib/api-client.ts';
import { Button } from './button.tsx';
import { Dialog, DialogFooter } from './dialog.tsx';

const errorClass = css({ color: 'fg.error', fontWeight: 'semibold', textStyle: 'sm' });

export interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  /** The call the confirmation makes; its failure is shown in the dialog with the server's message. */
  action: () => Promise<void>;
  onDone: () => Promise<void> | void;
  onClose: () => void;
  offline: boolean;
  danger?: boolean;
}

/** A yes-or-no question before a change that cannot simply be taken back (withdraw, start early). */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  action,
  onDone,
  onClose,
  offline,
  danger,
}: ConfirmDialogProps) {
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: async () => {
      onClose();
      await onDone();
    },
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      role="alertdialog"
      title={title}
      description={description}
    >
      {mutation.isError ? (
        <p role="alert" className={errorClass}>
          {getErrorMessage(mutation.error) ?? 'An unexpected error occurred'}
        </p>
      ) : null}
      <DialogFooter>
        <Button
          tone={danger ? 'danger' : undefined}
          disabled={mutation.isPending || offline}
          onClick={() => mutation.mutate()}
        >
          {mutation.isPending ? 'Working...' : confirmLabel}
        </Button>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
