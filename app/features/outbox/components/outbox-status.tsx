import { CloudOff, Loader2, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { OutboxEntry } from '../../../lib/outbox.ts';
import { retry } from '../../../lib/outbox-send.ts';
import { discard } from '../../../lib/outbox-store.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { useOutbox } from '../../../lib/use-outbox.ts';

/** How many waiting entries are listed one by one; the rest are counted (a venue may queue dozens of messages). */
const LISTED_WAITING = 5;

const regionClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l3',
  background: 'bg.subtle',
  p: '4',
});
const headingClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontWeight: 'bold',
  textStyle: 'lg',
});
const listClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  listStyle: 'none',
  p: '0',
  m: '0',
});
const rowClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  borderTopWidth: '1px',
  borderColor: 'border.subtle',
  pt: '3',
  _first: { borderTopWidth: '0', pt: '0' },
});
const rowHeadClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '2',
  justifyContent: 'space-between',
});
const whatClass = css({ fontWeight: 'semibold' });
const mutedClass = css({ color: 'fg.muted', textStyle: 'sm' });
const errorClass = css({
  display: 'flex',
  gap: '2',
  color: 'danger.text',
  textStyle: 'sm',
  '& svg': { flexShrink: '0', mt: '0.5' },
});
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const iconClass = css({ width: '5', height: '5' });
const spinClass = css({ width: '4', height: '4', animation: 'spin' });

/** What a queued request is, in the user's words. */
function describe(entry: OutboxEntry): string {
  if (entry.label) return entry.label;
  if (entry.kind === 'waiver') return 'Liability waiver';
  if (entry.kind === 'check-in') return 'Door check-in';
  if (entry.kind === 'tournament-check-in') return 'Tournament check-in';
  if (entry.kind === 'entrant-check-in') return 'Entrant check-in at the door';
  const body = entry.body as { content?: unknown } | null;
  const content = typeof body?.content === 'string' ? body.content.trim() : '';
  return content ? `Message: "${content.length > 60 ? `${content.slice(0, 57)}...` : content}"` : 'Message';
}

/** The state line of one entry (D16: 'Waiting to send'; 000 s2 + issue 5: a queued waiver reads 'Signed - waiting to upload'). */
function stateLabel(entry: OutboxEntry): string {
  if (entry.state === 'sending') return 'Sending...';
  if (entry.state === 'failed') return 'Not sent';
  return entry.kind === 'waiver' ? 'Signed - waiting to upload' : 'Waiting to send';
}

function EntryRow({ entry }: { entry: OutboxEntry }) {
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  return (
    <li className={rowClass}>
      <div className={rowHeadClass}>
        <span className={whatClass}>{describe(entry)}</span>
        <Badge tone={entry.state === 'failed' ? 'danger' : 'neutral'}>
          {entry.state === 'sending' ? <Loader2 aria-hidden="true" className={spinClass} /> : null}
          {stateLabel(entry)}
        </Badge>
      </div>
      {entry.state === 'failed' ? (
        <>
          <p className={errorClass}>
            <TriangleAlert aria-hidden="true" className={iconClass} />
            <span>{entry.lastError ?? 'The server refused this request.'}</span>
          </p>
          <div className={actionsClass}>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => run(() => retry(entry.id))}>
              Retry
            </Button>
            <Button
              size="sm"
              variant="ghost"
              tone="danger"
              disabled={busy}
              onClick={() => run(() => discard(entry.id))}
            >
              Discard
            </Button>
          </div>
        </>
      ) : entry.lastError && entry.attempts > 0 ? (
        <p className={mutedClass}>{entry.lastError}</p>
      ) : null}
    </li>
  );
}

export interface OutboxStatusProps {
  /** The signed-in user; nothing shows for a guest. */
  userId: string | null | undefined;
  className?: string;
}

/**
 * 'Waiting to send' (D16): the signed-in user's requests queued in the outbox, each waiting, sending, or refused
 * with the server's message and Retry / Discard. Renders nothing while the outbox is empty, so any screen can mount it.
 */
export function OutboxStatus({ userId, className }: OutboxStatusProps) {
  const { entries } = useOutbox(userId);
  const headingId = useId();
  if (!entries?.length) return null;

  const failed = entries.filter((e) => e.state === 'failed');
  const pending = entries.filter((e) => e.state !== 'failed');
  const listed = [...failed, ...pending.slice(0, LISTED_WAITING)];
  const more = pending.length - Math.min(pending.length, LISTED_WAITING);
  const summary = [
    pending.length ? `${pending.length} waiting to send` : null,
    failed.length ? `${failed.length} not sent` : null,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <section aria-labelledby={headingId} className={className ? `${regionClass} ${className}` : regionClass}>
      <h2 id={headingId} className={headingClass}>
        <CloudOff aria-hidden="true" className={iconClass} />
        Waiting to send
      </h2>
      <p role="status" className={mutedClass}>
        {summary}. {pending.length ? 'They are sent as soon as the connection returns.' : ''}
      </p>
      <ul className={listClass}>
        {listed.map((entry) => (
          <EntryRow key={entry.id} entry={entry} />
        ))}
      </ul>
      {more > 0 ? <p className={mutedClass}>and {more} more waiting</p> : null}
    </section>
  );
}
