import type { QueryClient } from '@tanstack/react-query';
import { queryKeyUrl } from '../../lib/offline-cache.ts';

/**
 * When the data on screen was last fetched from the server: the newest save time over the cached API answers. An
 * answer the service worker gave from its cache looks freshly fetched to the app, so each answer's time is the
 * earlier of its `dataUpdatedAt` and the Date header of the service worker's saved copy.
 */
export async function newestSaveTime(queryClient: QueryClient): Promise<number | null> {
  let newest: number | null = null;
  for (const query of queryClient.getQueryCache().getAll()) {
    // An infinite list's key names its first page's URL, the one the service worker keeps.
    const path = queryKeyUrl(query.queryKey);
    if (path === null || query.state.data === undefined || !query.state.dataUpdatedAt) continue;
    let at = query.state.dataUpdatedAt;
    const saved = typeof caches === 'undefined' ? undefined : await caches.match(path).catch(() => undefined);
    const date = Date.parse(saved?.headers.get('date') ?? '');
    if (!Number.isNaN(date)) at = Math.min(at, date);
    newest = Math.max(newest ?? 0, at);
  }
  return newest;
}

// Made on first use, not as the module loads: the first date formatter a page builds costs tens of milliseconds on a
// phone, and this module is in every page's first load (issue 12, TBT).
let formats: { time: Intl.DateTimeFormat; day: Intl.DateTimeFormat } | undefined;

/** "Saved 10:42 AM" today, "Saved Nov 20, 10:42 AM" before. */
export function formatSavedAt(at: number, now: Date = new Date()): string {
  formats ??= {
    time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }),
    day: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }),
  };
  const date = new Date(at);
  const sameDay = date.toDateString() === now.toDateString();
  return `Saved ${sameDay ? '' : `${formats.day.format(date)}, `}${formats.time.format(date)}`;
}
