import { useEffect, useState } from 'react';
import type { OutboxEntry } from './outbox.ts';
import { listOutbox, subscribe } from './outbox-store.ts';

export interface OutboxView {
  /** The user's queued entries in creation order; null until IndexedDB has answered. */
  entries: OutboxEntry[] | null;
  /** Set when IndexedDB cannot be opened (private mode in some browsers). */
  error: string | null;
}

/** The signed-in user's outbox, kept current across tabs and the service worker. */
export function useOutbox(userId: string | null | undefined): OutboxView {
  const [view, setView] = useState<OutboxView>({ entries: null, error: null });
  useEffect(() => {
    if (!userId) return;
    let active = true;
    let reading = false;
    let again = false;
    const read = async () => {
      // Events come in bursts (50 deliveries): one read at a time, one more after it if anything changed meanwhile.
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const entries = await listOutbox(userId);
          if (active) setView({ entries, error: null });
        } while (again && active);
      } catch (error) {
        if (active)
          setView({
            entries: [],
            error: error instanceof Error ? error.message : String(error),
          });
      } finally {
        reading = false;
      }
    };
    void read();
    const unsubscribe = subscribe(() => void read());
    return () => {
      active = false;
      unsubscribe();
    };
  }, [userId]);
  return userId ? view : { entries: [], error: null };
}
