import { Field } from '@ark-ui/react/field';
import { useMutation } from '@tanstack/react-query';
import { LifeBuoy, MailCheck } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import {
  SUPPORT_MAX_LENGTH,
  SUPPORT_MIN_LENGTH,
  SUPPORT_TEXTS,
  supportTopicLabels,
  supportTopics,
  type SupportTopic,
} from '../../../../edge/features/support/constants.ts';
import { isUnauthorizedError } from '../../../lib/api-client.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { focusFirstInvalid, type FieldErrors } from '../../../lib/form-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { toast } from '../../../ui/toast.tsx';
import { sendSupportRequest } from '../queries.ts';

const fieldStyles = field();
const pageClass = css({ display: 'flex', flexDirection: 'column', gap: '6', maxWidth: '2xl', mx: 'auto', px: '4', py: { base: '8', md: '14' }, width: 'full' });
const headerClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const titleClass = css({ fontFamily: 'display', fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'black', lineHeight: 'tight' });
const leadClass = css({ color: 'fg.muted', textStyle: 'lg' });
const innerClass = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '5', md: '8' } });
const centeredClass = css({ alignItems: 'center', textAlign: 'center' });
const iconClass = css({ color: 'verified.text', height: '10', width: '10' });
const textareaClass = css({ minHeight: '36', py: '2', resize: 'vertical' });
const countClass = css({ color: 'fg.muted', textStyle: 'sm', textAlign: 'right' });
const actionsClass = css({ display: 'flex', flexDirection: { base: 'column-reverse', sm: 'row' }, gap: '3', justifyContent: 'flex-end' });

const topicOptions = supportTopics.map((value) => ({ value, label: supportTopicLabels[value] }));

type Field = 'topic' | 'content';

export interface SupportPageProps {
  /** Whether someone is signed in: the admins answer members through their messages. */
  signedIn: boolean;
  /** From `?topic=`, when a page sends the member here about something specific. */
  initialTopic?: SupportTopic | undefined;
  /** From `?reference=`, e.g. the checkout session of a failed payment. */
  reference?: string | undefined;
}

/** /support (D17): a contact page that messages the league admins. */
export function SupportPage({ signedIn, initialTopic, reference }: SupportPageProps) {
  return (
    <div className={pageClass}>
      <header className={headerClass}>
        <h1 className={titleClass}>Contact Support</h1>
        <p className={leadClass}>
          Payment trouble, a registration question or a problem with your account? Send it to the league admins: they
          answer through your WTA messages.
        </p>
      </header>
      {signedIn ? <SupportForm initialTopic={initialTopic} reference={reference} /> : <SignInFirst />}
    </div>
  );
}

function SignInFirst() {
  const returnTo = `${window.location.pathname}${window.location.search}`;
  return (
    <Card>
      <div className={cx(innerClass, centeredClass)}>
        <LifeBuoy className={iconClass} aria-hidden="true" />
        <p>Log in so the admins know who is asking and can answer you in your messages.</p>
        <LinkButton href={`/api/login?returnTo=${encodeURIComponent(returnTo)}`} size="lg">
          Log in to contact support
        </LinkButton>
      </div>
    </Card>
  );
}

function SupportForm({ initialTopic, reference }: Omit<SupportPageProps, 'signedIn'>) {
  const formRef = useRef<HTMLFormElement>(null);
  const [topic, setTopic] = useState<string>(initialTopic ?? '');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const gate = useConnectionGate();
  const send = useMutation({
    mutationFn: sendSupportRequest,
    onSuccess: () => toast({ title: 'Message Sent', description: 'Your request is on its way to the league admins.' }),
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
        window.setTimeout(() => window.location.assign('/api/login?returnTo=/support'), 500);
        return;
      }
      toastRequestError(error, 'Message Failed', 'Unable to send your message');
    },
  });

  if (send.isSuccess) {
    return (
      <Card>
        <div className={cx(innerClass, centeredClass)} role="status">
          <MailCheck className={iconClass} aria-hidden="true" />
          <h2 className={css({ fontWeight: 'bold', textStyle: 'xl' })}>Request received</h2>
          <p>
            {send.data.sentTo === 1 ? 'A league admin has' : `${send.data.sentTo} league admins have`} your message.
            Their answer will arrive in your messages.
          </p>
          <LinkButton href="/dashboard" variant="outline">
            Go to Dashboard
          </LinkButton>
        </div>
      </Card>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The server checks the same; saying it here saves a round trip on one bar of signal.
    const next: FieldErrors<Field> = {};
    if (!(supportTopics as readonly string[]).includes(topic)) next.topic = SUPPORT_TEXTS.topic;
    const trimmed = content.trim();
    if (trimmed.length < SUPPORT_MIN_LENGTH) next.content = SUPPORT_TEXTS.tooShort;
    else if (trimmed.length > SUPPORT_MAX_LENGTH) next.content = SUPPORT_TEXTS.tooLong;
    setErrors(next);
    if (next.topic || next.content) {
      focusFirstInvalid(formRef.current);
      return;
    }
    send.mutate({ topic: topic as SupportTopic, content: trimmed, ...(reference ? { reference } : {}) });
  };

  return (
    <Card>
      <form ref={formRef} className={innerClass} onSubmit={onSubmit} noValidate>
        <SelectField
          label="Topic"
          name="topic"
          required
          placeholder="Choose a topic"
          options={topicOptions}
          value={topic}
          error={errors.topic}
          onChange={(e) => {
            setTopic(e.target.value);
            setErrors((prev) => ({ ...prev, topic: undefined }));
          }}
        />
        <Field.Root className={fieldStyles.root} invalid={Boolean(errors.content)} required>
          <Field.Label className={fieldStyles.label}>Message</Field.Label>
          <Field.Textarea
            className={cx(fieldStyles.input, textareaClass)}
            name="content"
            rows={6}
            maxLength={SUPPORT_MAX_LENGTH}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              setErrors((prev) => ({ ...prev, content: undefined }));
            }}
          />
          <Field.HelperText className={fieldStyles.helperText}>
            What happened, and when. {reference ? `We attach the reference ${reference}.` : ''}
          </Field.HelperText>
          <Field.ErrorText className={fieldStyles.errorText}>{errors.content}</Field.ErrorText>
        </Field.Root>
        <p className={countClass} aria-live="polite">
          {content.trim().length}/{SUPPORT_MAX_LENGTH}
        </p>
        <div className={actionsClass}>
          <LinkButton href="/dashboard" variant="outline" size="lg">
            Cancel
          </LinkButton>
          <Button type="submit" size="lg" disabled={send.isPending} {...gate.buttonProps}>
            {send.isPending ? 'Sending...' : 'Send to the league'}
          </Button>
        </div>
        <NeedsConnectionNote gate={gate} action="Sending a support message" />
      </form>
    </Card>
  );
}
