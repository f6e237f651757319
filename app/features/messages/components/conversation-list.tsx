import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { badge, field } from '../../../../styled-system/recipes';
import { CONVERSATION_POLL_MS } from '../../../../edge/features/messages/schema.ts';
import { useRenderNow } from '../../../lib/render-env.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { Avatar } from '../../../ui/avatar.tsx';
import { Button } from '../../../ui/button.tsx';
import { VerifiedBadge } from '../../../ui/verified-badge.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { conversationTime, lastMessagePreview, roleBadge } from '../messages-display.ts';
import { conversationsQueryOptions, type ConversationSummary } from '../queries.ts';

const wrapClass = css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' });
const searchClass = css({ position: 'relative' });
const searchIconClass = css({
  position: 'absolute',
  left: '3',
  top: '[50%]',
  transform: 'translateY(-50%)',
  color: 'fg.muted',
  width: '4',
  height: '4',
  pointerEvents: 'none',
});
const searchInputClass = css({ pl: '9' });
const listClass = css({ display: 'flex', flexDirection: 'column', listStyle: 'none', m: '0', p: '0', gap: '1' });
const rowClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '3',
  borderRadius: 'l2',
  color: 'fg.default',
  textDecoration: 'none',
  minHeight: 'touch',
  _hover: { background: 'bg.subtle' },
  _focusVisible: { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '-0.5' },
});
const activeRowClass = css({ background: 'bg.emphasized', _hover: { background: 'bg.emphasized' } });
const rowBodyClass = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '0', flex: '1' });
const rowHeadClass = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
const nameClass = css({ fontWeight: 'bold', overflowWrap: 'anywhere' });
const previewClass = css({
  color: 'fg.muted',
  textStyle: 'sm',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
const unreadPreviewClass = css({ color: 'fg.default', fontWeight: 'semibold' });
const sideClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '1', flexShrink: '0' });
const timeClass = css({ color: 'fg.muted', textStyle: 'xs', whiteSpace: 'nowrap' });
const emptyClass = css({ color: 'fg.muted', textAlign: 'center', py: '10' });
const skeletonClass = css({
  animation: 'skeleton-pulse',
  background: 'bg.emphasized',
  borderRadius: 'l2',
  height: '16',
});
const errorClass = css({ color: 'fg.error', textAlign: 'center', py: '6' });

export interface ConversationListProps {
  /** The open conversation's member, highlighted. */
  selectedId: string | null;
}

/**
 * The conversation list (001 s2): a server-side search of the other member's name, newest first, a page at a time,
 * polled every 10 s while the page is visible. Each row opens its thread (`?with=`).
 */
export function ConversationList({ selectedId }: ConversationListProps) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const query = useInfiniteQuery({ ...conversationsQueryOptions(q), refetchInterval: CONVERSATION_POLL_MS });
  const now = useRenderNow(60_000);
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className={wrapClass}>
      <div className={searchClass}>
        <Search className={searchIconClass} aria-hidden="true" />
        <input
          type="search"
          className={cx(field().input, searchInputClass)}
          placeholder="Search conversations..."
          aria-label="Search conversations"
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {query.isPending ? (
        <div className={listClass} aria-busy="true" aria-label="Loading conversations">
          <div className={skeletonClass} />
          <div className={skeletonClass} />
          <div className={skeletonClass} />
        </div>
      ) : query.isError && rows.length === 0 ? (
        <p className={errorClass} role="alert">
          Failed to load conversations.{' '}
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </p>
      ) : rows.length === 0 ? (
        <p className={emptyClass}>{q ? 'No conversations match your search' : 'No conversations yet'}</p>
      ) : (
        <ul className={listClass} aria-label="Conversations">
          {rows.map((row) => (
            <li key={row.otherUser.id}>
              <ConversationRow row={row} selected={row.otherUser.id === selectedId} now={now} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading...' : 'Load more conversations'}
        </Button>
      ) : null}
    </div>
  );
}

function ConversationRow({ row, selected, now }: { row: ConversationSummary; selected: boolean; now: Date }) {
  const name = `${row.otherUser.firstName} ${row.otherUser.lastName}`.trim();
  const role = roleBadge(row.otherUser.role);
  const unread = row.unreadCount;
  return (
    <AppLink
      href={`/messages?with=${encodeURIComponent(row.otherUser.id)}`}
      className={cx(rowClass, selected && activeRowClass)}
      aria-current={selected ? 'page' : undefined}
      data-testid="conversation-row"
    >
      <Avatar name={name} src={row.otherUser.profileImageUrl} />
      <span className={rowBodyClass}>
        <span className={rowHeadClass}>
          <span className={nameClass}>{name}</span>
          {row.otherUser.isVerified ? <VerifiedBadge /> : null}
          {role ? <span className={badge({ tone: role.tone })}>{role.label}</span> : null}
          {row.blocked ? <span className={badge({ tone: 'neutral' })}>Blocked</span> : null}
        </span>
        <span className={cx(previewClass, unread > 0 && unreadPreviewClass)}>
          {lastMessagePreview(row.lastMessage, row.isSent)}
        </span>
      </span>
      <span className={sideClass}>
        <time className={timeClass} dateTime={row.lastMessageTime}>
          {conversationTime(row.lastMessageTime, now)}
        </time>
        {unread > 0 ? (
          <span className={badge({ tone: 'verified' })} data-testid="conversation-unread">
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <VisuallyHidden>{`${unread} unread`}</VisuallyHidden>
          </span>
        ) : null}
      </span>
    </AppLink>
  );
}
