import { useEffect, useRef, type RefObject } from 'react';

/**
 * For a list that grows a page at a time ('Load More', ADR 025): call `expectFrom(list.length)` before loading, and
 * once the list has grown past that index, the first link or button of the first new item takes the focus (without
 * scrolling), so a keyboard user carries on where the new items start. `cancel()` when the load failed.
 */
export function useFocusNewItems(listRef: RefObject<HTMLUListElement | null>, length: number) {
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || length <= from) return;
    focusFrom.current = null;
    listRef.current?.children[from]?.querySelector<HTMLElement>('a[href], button')?.focus({ preventScroll: true });
  }, [listRef, length]);
  return {
    expectFrom: (index: number) => void (focusFrom.current = index),
    cancel: () => void (focusFrom.current = null),
  };
}
