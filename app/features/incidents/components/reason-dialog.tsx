import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { NOTE_MAX } from '../../../../edge/features/incidents/schema.ts';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client.ts';
import { focusFirstInvalid } from '../../../lib/form-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../ui/dialog.tsx';
import { TextareaField } from './textarea-field.tsx';
import { css } from '../../../../styled-system/css';

const errorClass = css({ color: 'fg.error', fontWeight: 'semibold', textStyle: 'sm' });

export interface ReasonDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  /** The reason's label (what the member will read). */
  reasonLabel: string;
  /** The reason field's name in the server's field errors ('reason', 'note', 'response'). */
  reasonField: string;
  danger?: boolean;
  /** Fields above the reason (a consequence, a number of days); their errors come from `fieldErrors`. */
  children?: (errors: Record<string, string>) => ReactNode;
  /** Checks made here before the call (the server checks them again); return the errors to show. */
  check?: (reason: string) => Record<string, string>;
  submit: (reason: string) => Promise<unknown>;
  /** The reason's bound (default NOTE_MAX) and the message when it is left empty. */
  maxLength?: number;
  emptyMessage?: string;
  onDone: () => Promise<void> | void;
  onClose: () => void;
}

/**
 * A dialog that asks for the reason of an admin action (the member reads it with the decision) and sends it: field
 * errors under their fields with focus moved there, anything else in the dialog with the server's message.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { title, description, confirmLabel, reasonLabel, reasonField, danger, children, check, submit } = props;
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  const mutation = useMutation({
    mutationFn: () => submit(reason.trim()),
    onSuccess: async () => {
      props.onClose();
      await props.onDone();
    },
    onError: (error) => {
      const fields = getFieldErrors(error);
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        focusFirstInvalid(form.current);
      }
    },
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    const found = { ...check?.(reason.trim()) };
    if (!reason.trim()) found[reasonField] = props.emptyMessage ?? 'Please give the reason the member will read';
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    mutation.mutate();
  };
  const fieldFailure = mutation.isError && Object.keys(getFieldErrors(mutation.error)).length > 0;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) props.onClose();
      }}
      title={title}
      description={description}
    >
      <form ref={form} onSubmit={send} noValidate>
        <DialogBody>
          {children?.(errors)}
          <TextareaField
            label={reasonLabel}
            name={reasonField}
            value={reason}
            maxLength={props.maxLength ?? NOTE_MAX}
            required
            onChange={(e) => setReason(e.target.value)}
            error={errors[reasonField]}
          />
          {mutation.isError && !fieldFailure ? (
            <p role="alert" className={errorClass}>
              {getErrorMessage(mutation.error) ?? 'An unexpected error occurred'}
            </p>
          ) : null}
        </DialogBody>
        <DialogFooter>
          <Button type="submit" tone={danger ? 'danger' : undefined} disabled={mutation.isPending}>
            {mutation.isPending ? 'Working…' : confirmLabel}
          </Button>
          <Button variant="outline" onClick={props.onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
