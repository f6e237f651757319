import { Field } from '@ark-ui/react/field';
import { SendHorizontal } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import { MESSAGE_MAX_LENGTH, MESSAGE_TEXTS } from '../../../../edge/features/messages/schema.ts';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { characterCount, sendOnEnter } from '../messages-display.ts';

const fieldStyles = field();
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const rowClass = css({ display: 'flex', gap: '2', alignItems: 'flex-end' });
const textareaClass = css({ minHeight: '12', maxHeight: '40', py: '2', resize: 'none', flex: '1' });
const countClass = css({ color: 'fg.muted', textStyle: 'xs', textAlign: 'right' });

export interface ComposerProps {
  label: string;
  /** Sends the trimmed text; the box is cleared at once (the outbox holds the message from here on). */
  onSend: (content: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * The message box (001 s2, s5): Enter sends, Shift+Enter adds a line; whitespace alone is not sent; the input stops
 * at 500 characters and the counter shows n/500; a longer paste is refused with 'Message too long'.
 */
export function Composer({ label, onSend, disabled, autoFocus }: ComposerProps) {
  const [text, setText] = useState('');
  const countId = useId();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const content = text.trim();
    if (!content) return;
    if (content.length > MESSAGE_MAX_LENGTH) {
      toast({ title: 'Message too long', description: MESSAGE_TEXTS.tooLong, variant: 'destructive' });
      return;
    }
    setText('');
    onSend(content);
  };
  return (
    <form className={formClass} onSubmit={submit}>
      <Field.Root className={cx(fieldStyles.root, rowClass)} disabled={disabled}>
        <Field.Label className={css({ srOnly: true })}>{label}</Field.Label>
        <Field.Textarea
          className={cx(fieldStyles.input, textareaClass)}
          name="content"
          rows={2}
          placeholder="Type a message..."
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          autoFocus={autoFocus}
          aria-describedby={countId}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={sendOnEnter(submit)}
        />
        <Button type="submit" size="icon" disabled={disabled || !text.trim()} aria-label="Send message">
          <SendHorizontal aria-hidden="true" />
        </Button>
      </Field.Root>
      <span id={countId} className={countClass} aria-live="off">
        {characterCount(text, MESSAGE_MAX_LENGTH)}
      </span>
    </form>
  );
}
