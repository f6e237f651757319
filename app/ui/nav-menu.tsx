import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../styled-system/css';
import { menu } from '../../styled-system/recipes';
import { AppLink, type AppLinkProps } from './app-link.tsx';

const styles = menu();

/**
 * A navigation dropdown built as a disclosure (WAI-ARIA APG "disclosure navigation menu"): a button with
 * aria-expanded that shows a list of links. Site navigation is links, not an application menu, so it keeps link
 * semantics; it also costs no runtime beyond React, which keeps the first load small. Escape closes and returns
 * focus to the button; arrow keys move between the links; leaving the menu closes it.
 */
export function NavMenu({ label, children, triggerClassName }: { label: string; children: ReactNode; triggerClassName?: string }) {
  const [open, setOpen] = useState(false);
  // Named after the label, not useId(): the top bar hydrates as a part of its own, after the page's first pass
  // (ADR 043), and useId counts in the order components render, so the ids would no longer be the server's.
  const listId = `nav-menu-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  const links = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('ul a') ?? []);

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current) {
      const all = links();
      (focusOnOpen.current === 'first' ? all[0] : all[all.length - 1])?.focus();
      focusOnOpen.current = null;
    }
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      triggerRef.current?.focus();
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const all = links();
    if (event.target === triggerRef.current) {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
      if (open) {
        (event.key === 'ArrowDown' ? all[0] : all[all.length - 1])?.focus();
        focusOnOpen.current = null;
      } else {
        setOpen(true);
      }
      return;
    }
    const index = all.indexOf(event.target as HTMLAnchorElement);
    if (index < 0) return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? all.length - 1
          : (index + (event.key === 'ArrowDown' ? 1 : -1) + all.length) % all.length;
    all[next]?.focus();
  };

  return (
    <div
      ref={rootRef}
      className={styles.root}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className={cx(styles.trigger, triggerClassName)}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <ChevronDown className={styles.indicator} aria-hidden="true" />
      </button>
      <ul
        id={listId}
        className={styles.content}
        hidden={!open}
        onClick={(event) => {
          // Following a link closes the menu.
          if ((event.target as HTMLElement).closest('a')) setOpen(false);
        }}
      >
        {children}
      </ul>
    </div>
  );
}

/** One link of a NavMenu. */
export function NavMenuLink({ className, ...props }: AppLinkProps) {
  return (
    <li>
      <AppLink className={cx(styles.item, className)} {...props} />
    </li>
  );
}
