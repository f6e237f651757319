import { useEffect, useState } from 'react';
import { renderNow } from '../../../lib/render-env.ts';

/** The current time, refreshed every `intervalMs` so time-based badges (the early window) appear on their own. */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(renderNow);
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
