import { useNavigate } from '@tanstack/react-router';
import { ArrowLeft, SquarePen } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from '../../../../styled-system/css';
import type { OutboxEntry } from '../../../lib/outbox.ts';
import { Button } from '../../../ui/button.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { sendMessage } from '../queries.ts';
import { ConversationList } from './conversation-list.tsx';
import { NewMessageDialog } from './new-message-dialog.tsx';
import { Thread } from './thread.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  maxWidth: '6xl',
  mx: 'auto',
  px: '4',
  py: { base: '4', md: '8' },
  width: 'full',
});
const headerClass = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
const titleClass = css({ fontFamily: 'display', fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'black', flex: '1' });
const panesClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: '[20rem 1fr]' },
  gap: '4',
  minHeight: '[60vh]',
});
const paneClass = css({
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  background: 'bg.default',
  p: '3',
  minWidth: '0',
  display: 'flex',
  flexDirection: 'column',
});
// Phone first: the list and the thread are two screens; side by side from md.
const hiddenOnPhone = css({ display: { base: 'none', md: 'flex' } });
const placeholderClass = css({ color: 'fg.muted', textAlign: 'center', m: 'auto', py: '10' });

export interface MessagesPageProps {
  me: string;
  /** The open conversation's member (`?with=`), or null. */
  withId: string | null;
  outboxEntries: OutboxEntry[] | null;
}

/** Messages (001 s2): the conversation list and the selected thread, New Message, and Back to /dashboard. */
export function MessagesPage({ me, withId, outboxEntries }: MessagesPageProps) {
  const [composing, setComposing] = useState(false);
  const navigate = useNavigate();
  return (
    <div className={pageClass}>
      <header className={headerClass}>
        <LinkButton href="/dashboard" variant="ghost" size="sm">
          <ArrowLeft aria-hidden="true" />
          Back
        </LinkButton>
        <h1 className={titleClass}>Messages</h1>
        <Button onClick={() => setComposing(true)}>
          <SquarePen aria-hidden="true" />
          New Message
        </Button>
      </header>
      <div className={panesClass}>
        <nav className={cx(paneClass, withId ? hiddenOnPhone : undefined)} aria-label="Conversations">
          <ConversationList selectedId={withId} />
        </nav>
        <div className={cx(paneClass, withId ? undefined : hiddenOnPhone)}>
          {withId ? (
            <Thread key={withId} me={me} otherId={withId} outboxEntries={outboxEntries} />
          ) : (
            <p className={placeholderClass}>Select a conversation</p>
          )}
        </div>
      </div>
      <NewMessageDialog
        open={composing}
        onClose={() => setComposing(false)}
        onSend={(recipient, content) => {
          void navigate({ to: '/messages', search: { with: recipient.id } });
          void sendMessage(recipient.id, content, me).then((outcome) => {
            if (outcome.state === 'refused') {
              toast({
                title: 'Failed to send message',
                description: outcome.message || 'Please try again',
                variant: 'destructive',
              });
            }
          });
        }}
      />
    </div>
  );
}
