import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import { boundSavedPages, keepLastGoodAnswers, SAVED_PAGES } from './query-persister.ts';

function persisted(state: Record<string, unknown>): PersistedClient {
  return {
    timestamp: 1,
    buster: 'b',
    clientState: {
      mutations: [],
      queries: [{ queryKey: ['/api/tournaments'], queryHash: '["/api/tournaments"]', state } as never],
    },
  };
}

describe('keepLastGoodAnswers', () => {
  it('saves a query whose refresh failed as its last good answer, with the time it was fetched', () => {
    const client = persisted({
      status: 'error',
      data: [{ id: 1 }],
      dataUpdatedAt: 1000,
      error: new TypeError('Failed to fetch'),
      fetchFailureCount: 1,
      fetchFailureReason: new TypeError('Failed to fetch'),
    });
    const [query] = keepLastGoodAnswers(client).clientState.queries;
    expect(query?.state).toMatchObject({ status: 'success', data: [{ id: 1 }], dataUpdatedAt: 1000, error: null });
  });

  it('saves no answer as invalidated, a failed refresh of an invalidated one included', () => {
    const failed = persisted({ status: 'error', data: [{ id: 1 }], dataUpdatedAt: 1000, isInvalidated: true, error: new TypeError('x') });
    expect(keepLastGoodAnswers(failed).clientState.queries[0]?.state).toMatchObject({
      status: 'success',
      data: [{ id: 1 }],
      isInvalidated: false,
    });
    const stale = persisted({ status: 'success', data: [], dataUpdatedAt: 5, isInvalidated: true });
    expect(keepLastGoodAnswers(stale).clientState.queries[0]?.state).toEqual({
      status: 'success',
      data: [],
      dataUpdatedAt: 5,
      isInvalidated: false,
    });
  });

  it('leaves successes alone', () => {
    const client = persisted({ status: 'success', data: [], dataUpdatedAt: 5 });
    expect(keepLastGoodAnswers(client).clientState.queries[0]?.state).toEqual({ status: 'success', data: [], dataUpdatedAt: 5 });
  });
});

describe('boundSavedPages', () => {
  const pages = (n: number) => ({
    pages: Array.from({ length: n }, (_, i) => ({ tournaments: [{ id: i }], nextCursor: `c${i + 1}` })),
    pageParams: Array.from({ length: n }, (_, i) => (i === 0 ? null : `c${i}`)),
  });

  it('saves a paged list with its first pages only, however far the user loaded (ADR 025)', () => {
    const client = persisted({ status: 'success', data: pages(40), dataUpdatedAt: 5 });
    const saved = boundSavedPages(client).clientState.queries[0]?.state;
    expect(saved).toEqual({ status: 'success', data: pages(SAVED_PAGES), dataUpdatedAt: 5 });
    // The last saved page still names the next one: 'Load more' continues from there once online.
    expect((saved?.data as ReturnType<typeof pages>).pages.at(-1)?.nextCursor).toBe(`c${SAVED_PAGES}`);
  });

  it('leaves short paged lists and plain answers alone', () => {
    for (const data of [pages(1), pages(SAVED_PAGES), [{ id: 1 }], { pages: 'x' }, null]) {
      const client = persisted({ status: 'success', data, dataUpdatedAt: 5 });
      expect(boundSavedPages(client).clientState.queries[0]?.state.data).toEqual(data);
    }
  });
});
