import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { css } from '../../../../styled-system/css';
import { Button } from '../../../ui/button.tsx';
import { auditLogQueryOptions, type AuditFilters, type AuditLogItem } from '../money-content-queries.ts';
import { FetchFailure } from './fetch-failure.tsx';
import { emptyClass, listClass, noteClass, sectionClass, sectionTitleClass, skeletonClass } from './styles.ts';

const itemClass = css({
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '3',
  textStyle: 'sm',
});
const headClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'space-between' });
const actionClass = css({ fontFamily: 'mono', fontWeight: 'bold', overflowWrap: 'anywhere' });
const changeClass = css({
  background: 'bg.subtle',
  borderRadius: 'l1',
  fontFamily: 'mono',
  fontSize: 'xs',
  maxHeight: '40',
  overflow: 'auto',
  p: '2',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
});
const skeletonItemClass = css({ height: '16' });

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

function actorOf(entry: AuditLogItem): string {
  if (entry.actor) return `${entry.actor.firstName} ${entry.actor.lastName} (${entry.actor.email})`;
  return entry.actorId ? 'A removed account' : 'The system';
}

function AuditEntry({ entry }: { entry: AuditLogItem }) {
  return (
    <article className={itemClass} aria-label={`${entry.action} on ${entry.targetType} ${entry.targetId}`}>
      <div className={headClass}>
        <span className={actionClass}>{entry.action}</span>
        <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
      </div>
      <p>
        {actorOf(entry)} · {entry.targetType.replace('_', ' ')} #{entry.targetId}
      </p>
      <details>
        <summary>Before and after</summary>
        <p className={noteClass}>Before</p>
        <pre className={changeClass}>{json(entry.before)}</pre>
        <p className={noteClass}>After</p>
        <pre className={changeClass}>{json(entry.after)}</pre>
      </details>
    </article>
  );
}

export interface AuditLogPanelProps extends AuditFilters {
  /** The panel's heading; "Audit Log" by default. */
  title?: string;
}

/**
 * The append-only audit log (D24) as any admin tab shows it: newest first, ten at a time with Load more, narrowed by
 * the filter props (a target type and id, or a list of actions) so a tab shows only what its own actions wrote.
 */
export function AuditLogPanel({ title = 'Audit Log', targetType, targetId, actions }: AuditLogPanelProps) {
  const headingId = useId();
  const query = useInfiniteQuery(auditLogQueryOptions({ targetType, targetId, actions }));
  const entries = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <h2 id={headingId} className={sectionTitleClass}>
        {title}
      </h2>
      {query.isPending ? (
        <div className={listClass} aria-hidden="true">
          <div className={`${skeletonClass} ${skeletonItemClass}`} />
          <div className={`${skeletonClass} ${skeletonItemClass}`} />
        </div>
      ) : query.isError ? (
        <FetchFailure title="Failed to load the audit log" error={query.error} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <p className={emptyClass}>No audit entries yet</p>
      ) : (
        <>
          <ul className={listClass} aria-busy={query.isFetching}>
            {entries.map((entry) => (
              <li key={entry.id}>
                <AuditEntry entry={entry} />
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {query.isFetchingNextPage ? 'Loading…' : 'Load more entries'}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
