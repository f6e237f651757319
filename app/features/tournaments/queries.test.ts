import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tournamentListQueryOptions } from './queries.ts';

afterEach(() => vi.unstubAllGlobals());

describe('tournamentListQueryOptions (ADR 025)', () => {
  it("reads a filter's pages by following X-Next-Cursor, and stops on the page without one", async () => {
    const answers = [
      new Response('[{"id":1},{"id":2}]', { status: 200, headers: { 'X-Next-Cursor': 'MS4xMDAuMg' } }),
      new Response('[{"id":3}]', { status: 200 }),
    ];
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = tournamentListQueryOptions('live');
    expect(options.queryKey).toEqual(['/api/tournaments', { status: 'live' }]);

    await client.prefetchInfiniteQuery(options);
    const observer = new InfiniteQueryObserver(client, options);
    expect(observer.getCurrentResult().hasNextPage).toBe(true);
    const after = await observer.fetchNextPage();
    expect(after.hasNextPage).toBe(false);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/tournaments?status=live',
      '/api/tournaments?status=live&cursor=MS4xMDAuMg',
    ]);
    const data = client.getQueryData(options.queryKey)!;
    expect(data.pages.flatMap((p) => p.tournaments.map((t) => t.id))).toEqual([1, 2, 3]);
    expect(data.pageParams).toEqual([null, 'MS4xMDAuMg']);
  });

  it('asks for the All list without a filter', () => {
    expect(tournamentListQueryOptions('all').queryKey).toEqual(['/api/tournaments', {}]);
  });
});
