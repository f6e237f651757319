import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, CheckCheck, CloudOff, MessageSquareWarning, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { badge } from '../../../../styled-system/recipes';
import { MESSAGING_REFUSALS, THREAD_POLL_MS } from '../../../../edge/features/messages/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import type { OutboxEntry } from '../../../lib/outbox.ts';
import { retry } from '../../../lib/outbox-send.ts';
import { discard } from '../../../lib/outbox-store.ts';
import { useRenderEnv } from '../../../lib/render-env.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { messageTime, pendingMessagesTo, roleBadge } from '../messages-display.ts';
import {
  MESSAGE_REFRESHES,
  sendMessage,
  setBlocked,
  conversationMemberQueryOptions,
  threadQueryOptions,
  type Message,
  type MessagingMember,
} from '../queries.ts';
import { Composer } from './composer.tsx';
import { ReportDialog } from './report-dialog.tsx';

const wrapClass = css({ display: 'flex', flexDirection: 'column', minHeight: '0', height: 'full', gap: '3' });
const headClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  pb: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
  flexWrap: 'wrap',
});
const headNameClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  flexWrap: 'wrap',
  flex: '1',
  minWidth: '0',
});
const nameClass = css({ fontWeight: 'bold', textStyle: 'lg', overflowWrap: 'anywhere' });
const backClass = css({ display: { base: 'inline-flex', md: 'none' } });
const listClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  listStyle: 'none',
  m: '0',
  p: '0',
  overflowY: 'auto',
  flex: '1',
  minHeight: '48',
});
const ownRowClass = css({ display: 'flex', justifyContent: 'flex-end' });
const theirRowClass = css({ display: 'flex', justifyContent: 'flex-start', alignItems: 'flex-end', gap: '1' });
const bubbleClass = css({
  maxWidth: '[80%]',
  px: '3',
  py: '2',
  borderRadius: 'l3',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
const ownBubbleClass = css({ background: 'accent.default', color: 'accent.fg' });
const theirBubbleClass = css({ background: 'bg.emphasized', color: 'fg.default' });
const pendingBubbleClass = css({
  opacity: '0.85',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
});
const failedBubbleClass = css({
  background: 'danger.subtle',
  color: 'fg.default',
  borderColor: 'danger.default',
  borderWidth: '1px',
});
const metaClass = css({ display: 'flex', alignItems: 'center', gap: '1', textStyle: 'xs', alignSelf: 'flex-end' });
const tickClass = css({ width: '4', height: '4' });
const actionsClass = css({ display: 'flex', gap: '2', flexWrap: 'wrap', mt: '1' });
const emptyClass = css({ color: 'fg.muted', textAlign: 'center', py: '10', flex: '1' });
const noticeClass = css({ color: 'fg.muted', textStyle: 'sm', textAlign: 'center' });
const skeletonClass = css({
  animation: 'skeleton-pulse',
  background: 'bg.emphasized',
  borderRadius: 'l3',
  height: '12',
});
const reportClass = css({ color: 'fg.muted' });

export interface ThreadProps {
  me: string;
  /** The other member's id (`?with=`). */
  otherId: string;
  /** The member's outbox (the route reads it): messages to this member wait there while offline. */
  outboxEntries: OutboxEntry[] | null;
}

/**
 * A conversation's thread (001 s2): bubbles, own on the right, 'h:mm a' times, sent and read ticks; older pages on
 * demand; polled every 5 s. Messages waiting in the outbox follow the delivered ones as 'Waiting to send'; a refused
 * one says why, with Retry and Discard (D16). Block and report (D27) are in the header and on their messages.
 */
export function Thread({ me, otherId, outboxEntries }: ThreadProps) {
  const member = useQuery(conversationMemberQueryOptions(otherId));
  if (member.isPending) return <div className={skeletonClass} aria-busy="true" aria-label="Loading conversation" />;
  if (member.isError) {
    return (
      <p className={emptyClass} role="alert">
        {getErrorMessage(member.error) ?? 'Failed to fetch messages'}
      </p>
    );
  }
  return (
    <ThreadView
      me={me}
      other={member.data.member}
      blockedByMe={member.data.blockedByMe}
      blocked={member.data.blocked}
      outboxEntries={outboxEntries}
    />
  );
}

function ThreadView({
  me,
  other,
  blockedByMe,
  blocked,
  outboxEntries,
}: {
  me: string;
  other: MessagingMember;
  blockedByMe: boolean;
  blocked: boolean;
  outboxEntries: OutboxEntry[] | null;
}) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...threadQueryOptions(other.id), refetchInterval: THREAD_POLL_MS });
  const pending = pendingMessagesTo(outboxEntries, other.id);
  const timeZone = useRenderEnv()?.timeZone;
  const [reporting, setReporting] = useState<Message | null>(null);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const endRef = useRef<HTMLLIElement>(null);
  const name = `${other.firstName} ${other.lastName}`.trim();
  const role = roleBadge(other.role);

  // Oldest first: the newest page is the first page.
  const delivered = query.data ? [...query.data.pages].reverse().flatMap((p) => p.items) : [];
  const lastId = delivered.at(-1)?.id ?? 0;
  const count = delivered.length + pending.length;

  // Opening the thread marked their messages read on the server: the badge and the list follow.
  useEffect(() => {
    if (query.dataUpdatedAt === 0) return;
    void queryClient.invalidateQueries({ queryKey: ['/api/messages/unread-count'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/messages/conversations'] });
  }, [query.dataUpdatedAt, queryClient]);

  // Keep the newest message in view as messages arrive (not when older pages are loaded above).
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [lastId, pending.length]);

  const send = (content: string) => {
    void sendMessage(other.id, content, me).then((outcome) => {
      if (outcome.state === 'refused') {
        toast({
          title: 'Failed to send message',
          description: outcome.message || 'Please try again',
          variant: 'destructive',
        });
      }
    });
  };

  const refresh = async () => {
    for (const key of MESSAGE_REFRESHES) await queryClient.invalidateQueries({ queryKey: [key] });
  };

  return (
    <section className={wrapClass} aria-label={`Conversation with ${name}`}>
      <header className={headClass}>
        <AppLink
          href="/messages"
          className={cx(backClass, css({ color: 'fg.default' }))}
          aria-label="Back to conversations"
        >
          <ArrowLeft aria-hidden="true" />
        </AppLink>
        <Avatar name={name} src={other.profileImageUrl} />
        <div className={headNameClass}>
          <h2 className={nameClass}>{name}</h2>
          {other.isVerified ? <VerifiedBadge /> : null}
          {role ? <span className={badge({ tone: role.tone })}>{role.label}</span> : null}
        </div>
        {blockedByMe ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              void setBlocked(other.id, false).then(refresh, (error: unknown) =>
                toast({
                  title: 'Error',
                  description: getErrorMessage(error) ?? 'Please try again',
                  variant: 'destructive',
                }),
              )
            }
          >
            Unblock
          </Button>
        ) : (
          <Button variant="outline" size="sm" tone="danger" onClick={() => setConfirmBlock(true)}>
            Block
          </Button>
        )}
      </header>

      {query.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Load older messages'}
        </Button>
      ) : null}

      {/* The error only when there is nothing to show: a poll that failed as the signal dropped must not hide the
          messages waiting in the outbox (a CI run beside another saw three just written vanish behind it). */}
      {query.isPending ? (
        <div className={listClass} aria-busy="true" aria-label="Loading messages">
          <div className={skeletonClass} />
          <div className={skeletonClass} />
        </div>
      ) : query.isError && count === 0 ? (
        <p className={emptyClass} role="alert">
          Failed to fetch messages.{' '}
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </p>
      ) : count === 0 ? (
        <p className={emptyClass}>No messages yet</p>
      ) : (
        <ol className={listClass} aria-label="Messages" data-testid="thread">
          {delivered.map((m) => {
            const own = m.senderId === me;
            return (
              <li key={m.id} className={own ? ownRowClass : theirRowClass} data-testid="message">
                <div className={cx(bubbleClass, own ? ownBubbleClass : theirBubbleClass)}>
                  <VisuallyHidden>{own ? 'You: ' : `${other.firstName}: `}</VisuallyHidden>
                  <span>{m.content}</span>
                  <span className={metaClass}>
                    <time dateTime={m.createdAt}>{messageTime(m.createdAt, timeZone)}</time>
                    {own ? (
                      m.read ? (
                        <span data-testid="tick-read">
                          <CheckCheck className={tickClass} aria-hidden="true" />
                          <VisuallyHidden>Read</VisuallyHidden>
                        </span>
                      ) : (
                        <span data-testid="tick-sent">
                          <Check className={tickClass} aria-hidden="true" />
                          <VisuallyHidden>Sent</VisuallyHidden>
                        </span>
                      )
                    ) : null}
                  </span>
                </div>
                {own ? null : (
                  <Button
                    variant="ghost"
                    size="icon"
                    className={reportClass}
                    onClick={() => setReporting(m)}
                    aria-label="Report message"
                  >
                    <MessageSquareWarning aria-hidden="true" />
                  </Button>
                )}
              </li>
            );
          })}
          {pending.map((p) => (
            <li key={p.id} className={ownRowClass} data-testid="pending-message">
              <div className={cx(bubbleClass, p.failed ? failedBubbleClass : cx(ownBubbleClass, pendingBubbleClass))}>
                <span>{p.content}</span>
                <span className={metaClass}>
                  {p.failed ? (
                    <TriangleAlert className={tickClass} aria-hidden="true" />
                  ) : (
                    <CloudOff className={tickClass} aria-hidden="true" />
                  )}
                  {p.failed ? `Not sent: ${p.error ?? 'Please try again'}` : 'Waiting to send'}
                </span>
                {p.failed ? (
                  <span className={actionsClass}>
                    <Button size="sm" variant="outline" onClick={() => void retry(p.id)}>
                      Retry
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => void discard(p.id)}>
                      Discard
                    </Button>
                  </span>
                ) : null}
              </div>
            </li>
          ))}
          <li ref={endRef} aria-hidden="true" />
        </ol>
      )}

      {blocked ? (
        <p className={noticeClass} role="status">
          {blockedByMe
            ? `You blocked ${other.firstName}. Unblock to message each other again.`
            : MESSAGING_REFUSALS.blocked}
        </p>
      ) : (
        <Composer label={`Message ${name}`} onSend={send} />
      )}

      <ReportDialog memberId={other.id} memberName={name} message={reporting} onClose={() => setReporting(null)} />
      {confirmBlock ? (
        <ConfirmDialog
          title={`Block ${name}?`}
          description="Neither of you will be able to message the other, and you will not see each other when starting a new message. Your conversation stays readable."
          confirmLabel="Block"
          danger
          offline={false}
          action={async () => {
            await setBlocked(other.id, true);
          }}
          onDone={refresh}
          onClose={() => setConfirmBlock(false)}
        />
      ) : null}
    </section>
  );
}
