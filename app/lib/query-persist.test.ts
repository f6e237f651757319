import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import { keepLastGoodAnswers } from './query-persist.ts';

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

  it('leaves successes alone', () => {
    const client = persisted({ status: 'success', data: [], dataUpdatedAt: 5 });
    expect(keepLastGoodAnswers(client).clientState.queries[0]?.state).toEqual({ status: 'success', data: [], dataUpdatedAt: 5 });
  });
});
