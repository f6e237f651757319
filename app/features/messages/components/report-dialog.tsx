import { Field } from '@ark-ui/react/field';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../ui/dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { reportMessage } from '../queries.ts';

const fieldStyles = field();
const textareaClass = css({ minHeight: '24', py: '2', resize: 'vertical' });
const quoteClass = css({
  borderLeftWidth: '4px',
  borderColor: 'border.default',
  pl: '3',
  color: 'fg.muted',
  overflowWrap: 'anywhere',
});
const errorClass = css({ color: 'fg.error', fontWeight: 'semibold', textStyle: 'sm' });

export interface ReportDialogProps {
  memberId: string;
  memberName: string;
  message: { id: number; content: string } | null;
  onClose: () => void;
}

/** D27: report a message with a reason; it becomes an incident the league's admins decide (D24). */
export function ReportDialog({ memberId, memberName, message, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState('');
  const mutation = useMutation({
    mutationFn: () => reportMessage(memberId, message!.id, reason.trim()),
    onSuccess: () => {
      toast({ title: 'Report sent', description: 'The league’s admins will review this message.' });
      setReason('');
      onClose();
    },
  });
  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Report message"
      description={`Tell the league’s admins what is wrong with this message from ${memberName}.`}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim()) mutation.mutate();
        }}
      >
        <DialogBody>
          {message ? <blockquote className={quoteClass}>{message.content}</blockquote> : null}
          <Field.Root className={fieldStyles.root} required>
            <Field.Label className={fieldStyles.label}>Reason</Field.Label>
            <Field.Textarea
              className={cx(fieldStyles.input, textareaClass)}
              value={reason}
              maxLength={2000}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field.Root>
          {mutation.isError ? (
            <p className={errorClass} role="alert">
              {getErrorMessage(mutation.error) ?? 'Failed to send the report'}
            </p>
          ) : null}
        </DialogBody>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" tone="danger" disabled={!reason.trim() || mutation.isPending}>
            {mutation.isPending ? 'Sending...' : 'Send report'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
