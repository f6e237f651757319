import { Field } from '@ark-ui/react/field';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { badge, field } from '../../../../styled-system/recipes';
import { MESSAGE_MAX_LENGTH, MESSAGE_TEXTS } from '../../../../edge/features/messages/schema.ts';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../ui/dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { characterCount, roleBadge, sendOnEnter } from '../messages-display.ts';
import { recipientsQueryOptions, type MessagingMember } from '../queries.ts';

const fieldStyles = field();
const listClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  listStyle: 'none',
  m: '0',
  p: '0',
  maxHeight: '56',
  overflowY: 'auto',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'l2',
});
const optionClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  width: 'full',
  p: '2',
  minHeight: 'touch',
  textAlign: 'left',
  cursor: 'pointer',
  background: 'transparent',
  color: 'fg.default',
  _hover: { background: 'bg.subtle' },
  _focusVisible: { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '-0.5' },
});
const chosenClass = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
const emptyClass = css({ color: 'fg.muted', p: '3', textAlign: 'center' });
const textareaClass = css({ minHeight: '28', py: '2', resize: 'vertical' });
const countClass = css({ color: 'fg.muted', textStyle: 'xs', textAlign: 'right' });

export interface NewMessageDialogProps {
  open: boolean;
  onClose: () => void;
  /** Sends through the outbox; the dialog closes at once and the thread shows the message (or why not). */
  onSend: (recipient: MessagingMember, content: string) => void;
}

/**
 * New Message (001 s2): a searchable recipient picker ('Search users...', 'No users found'; the server never lists
 * the member, nor anyone blocked either way), a message box with its n/500 counter that sends on Enter as the thread's
 * does (Shift+Enter adds a line), and 001 s5's checks.
 */
export function NewMessageDialog({ open, onClose, onSend }: NewMessageDialogProps) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [recipient, setRecipient] = useState<MessagingMember | null>(null);
  const [text, setText] = useState('');
  const listId = useId();
  const countId = useId();
  const users = useQuery({ ...recipientsQueryOptions(q), enabled: open && recipient === null });

  const reset = () => {
    setSearch('');
    setRecipient(null);
    setText('');
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = () => {
    const content = text.trim();
    // Nothing to send is nothing to check (the Send button is disabled then; Enter in an empty box does nothing).
    if (!content) return;
    if (!recipient) {
      toast({ title: 'Select a recipient', description: MESSAGE_TEXTS.recipientRequired, variant: 'destructive' });
      return;
    }
    if (content.length > MESSAGE_MAX_LENGTH) {
      toast({ title: 'Message too long', description: MESSAGE_TEXTS.tooLong, variant: 'destructive' });
      return;
    }
    onSend(recipient, content);
    close();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()} title="New Message">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          {recipient ? (
            <div className={chosenClass}>
              <span>To:</span>
              <Avatar name={`${recipient.firstName} ${recipient.lastName}`} src={recipient.profileImageUrl} size="sm" />
              <strong>{`${recipient.firstName} ${recipient.lastName}`}</strong>
              <Button type="button" variant="ghost" size="sm" onClick={() => setRecipient(null)}>
                Change
              </Button>
            </div>
          ) : (
            <Field.Root className={fieldStyles.root}>
              <Field.Label className={fieldStyles.label}>To</Field.Label>
              <Field.Input
                className={fieldStyles.input}
                type="search"
                placeholder="Search users..."
                value={search}
                maxLength={100}
                aria-controls={listId}
                onChange={(e) => setSearch(e.target.value)}
              />
              <ul id={listId} className={listClass} aria-label="Users" aria-busy={users.isFetching}>
                {users.data && users.data.length === 0 ? (
                  <li className={emptyClass}>No users found</li>
                ) : (
                  (users.data ?? []).map((user) => {
                    const name = `${user.firstName} ${user.lastName}`.trim();
                    const role = roleBadge(user.role);
                    return (
                      <li key={user.id}>
                        <button type="button" className={optionClass} onClick={() => setRecipient(user)}>
                          <Avatar name={name} src={user.profileImageUrl} size="sm" />
                          <span>{name}</span>
                          {user.isVerified ? <VerifiedBadge /> : null}
                          {role ? <span className={badge({ tone: role.tone })}>{role.label}</span> : null}
                        </button>
                      </li>
                    );
                  })
                )}
              </ul>
            </Field.Root>
          )}
          <Field.Root className={fieldStyles.root}>
            <Field.Label className={fieldStyles.label}>Message</Field.Label>
            <Field.Textarea
              className={cx(fieldStyles.input, textareaClass)}
              value={text}
              maxLength={MESSAGE_MAX_LENGTH}
              aria-describedby={countId}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={sendOnEnter(submit)}
            />
            <span id={countId} className={countClass}>
              {characterCount(text, MESSAGE_MAX_LENGTH)}
            </span>
          </Field.Root>
        </DialogBody>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={!text.trim()}>
            Send
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
