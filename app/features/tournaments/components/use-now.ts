import { useRenderNow } from '../../../lib/render-env.ts';

/** The current time, refreshed every `intervalMs` so time-based badges (the early window) appear on their own. */
export function useNow(intervalMs = 30_000): Date {
  return useRenderNow(intervalMs);
}
