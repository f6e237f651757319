import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { cx } from '../../styled-system/css';
import { button, toast as toastRecipe } from '../../styled-system/recipes';
import { toasterLoaded, type ToastInput, type ToastVariant } from './toast.tsx';
import { externalValue } from '../lib/external-value.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

// 000 s9 asks for one toast at a time, 5 s each, the newest replacing the one on screen, a swipe to the right to
// dismiss and F8 to reach the region. That is a small state of our own: Ark's toaster (zag's machines for a stack of
// toasts, their placement maths and the dismissable layer) was ~20 KB of compressed code on every first visit for it,
// a fifth of the first visit's budget (issue 12, ADR 048). The region keeps Ark's markup (data-scope/part, the
// region's name, role="status" per toast), so what assistive technology and the tests see is unchanged.

/**
 * On a phone a toast at the bottom lay over the form's buttons (a failed login hid Create Account), so there it
 * sits at the top, over the sticky top bar, which holds no form controls; the recipe keeps a one-line message
 * within the bar's height. Wider screens keep the corner. Read once, when the region's code loads.
 */
const PHONE_QUERY = '(max-width: 767.98px)';
const placement = typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches ? 'top' : 'bottom-end';

/** 000 s9: each toast stays 5 s, not counting time paused (pointer or focus on it, page hidden, a swipe). */
const DURATION_MS = 5000;
/** How long a dismissed toast stays in the page while it fades out (the recipe's `slow` transition). */
const EXIT_MS = 300;
/** The key that moves focus to the region (000 s9). */
const HOTKEY = 'F8';

interface ShownToast extends ToastInput {
  id: number;
  open: boolean;
}

/** The toast on screen (or fading out), if any. */
const shownToast = externalValue<ShownToast | null>(null);
let nextId = 1;
const getNone = () => null;

// The 5 s run only while nothing holds the toast: each reason to pause is a key, the clock runs with none.
const pausedBy = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;
let remaining = DURATION_MS;
let runningSince = 0;

function stopClock(): void {
  if (timer === undefined) return;
  clearTimeout(timer);
  timer = undefined;
  remaining -= Date.now() - runningSince;
}

function startClock(): void {
  const current = shownToast.get();
  if (timer !== undefined || !current?.open || pausedBy.size > 0) return;
  runningSince = Date.now();
  const id = current.id;
  timer = setTimeout(() => {
    timer = undefined;
    dismiss(id);
  }, Math.max(0, remaining));
}

function pause(reason: string): void {
  pausedBy.add(reason);
  stopClock();
}

function resume(reason: string): void {
  pausedBy.delete(reason);
  startClock();
}

/** Fades the toast out, then takes it out of the page; a newer toast shown meanwhile is left alone. */
function dismiss(id: number): void {
  const current = shownToast.get();
  if (current?.id !== id || !current.open) return;
  stopClock();
  shownToast.set({ ...current, open: false });
  setTimeout(() => {
    if (shownToast.get()?.id !== id) return;
    const hadFocus = focusInRegion();
    shownToast.set(null);
    if (hadFocus) restoreFocus();
  }, EXIT_MS);
}

const focusInRegion = () => regionElement?.contains(document.activeElement) ?? false;

/**
 * Focus inside a toast that leaves (F8, then Tab to its button) goes back where it was before F8, not to the page's
 * top; once only, and without scrolling (as zag's did).
 */
function restoreFocus(): void {
  const target = focusBeforeHotkey;
  focusBeforeHotkey = null;
  if (target?.isConnected) target.focus({ preventScroll: true });
}

/** Shows a toast, replacing the one on screen: the newest message is the one that matters. */
export function showToast(input: ToastInput): number {
  stopClock();
  const id = nextId++;
  remaining = DURATION_MS;
  // A toast that had focus is replaced: focus goes back, rather than to the page's top with the old toast.
  if (shownToast.get() && focusInRegion() && regionElement !== document.activeElement) restoreFocus();
  shownToast.set({ ...input, id, open: true });
  startClock();
  return id;
}

let regionElement: HTMLElement | null = null;
/** What had focus when F8 moved it to the region: it gets focus back when the toast leaves (as zag's did). */
let focusBeforeHotkey: HTMLElement | null = null;

if (typeof document !== 'undefined') {
  // zag paused its toasts while the page was hidden; so do we: a message is not used up in a background tab.
  document.addEventListener('visibilitychange', () =>
    document.visibilityState === 'hidden' ? pause('hidden') : resume('hidden'),
  );
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key === HOTKEY && regionElement) {
        event.preventDefault();
        if (!regionElement.contains(document.activeElement)) {
          focusBeforeHotkey = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }
        regionElement.focus();
      }
    },
    { capture: true },
  );
}

/** 000 s9: a swipe to the right past this many pixels dismisses the toast. */
const SWIPE_DISMISS_PX = 50;

/** Drag distances below this are clicks, so the close button keeps working under the swipe handler. */
const DRAG_START_PX = 6;

function ToastItem({ toast }: { toast: ShownToast }) {
  const { id, title, description, action, open } = toast;
  const variant: ToastVariant = toast.variant ?? 'default';
  const styles = toastRecipe({ variant });
  const ids = useId();
  // The gesture lives in a ref, not in state: a fast flick on a busy phone can deliver its moves and its release
  // before React renders again, and a handler reading state from its render would see no swipe at all.
  const gesture = useRef<{ x: number; pointerId: number; dx: number; swiping: boolean } | null>(null);
  const [dx, setDx] = useState(0);
  const [swiping, setSwiping] = useState(false);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    gesture.current = { x: event.clientX, pointerId: event.pointerId, dx: 0, swiping: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== event.pointerId) return;
    const delta = Math.max(0, event.clientX - g.x);
    if (!g.swiping && delta < DRAG_START_PX) return;
    if (!g.swiping) {
      g.swiping = true;
      setSwiping(true);
      pause('swipe');
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    g.dx = delta;
    setDx(delta);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== event.pointerId) return;
    gesture.current = null;
    if (g.swiping) {
      setSwiping(false);
      if (event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.releasePointerCapture(event.pointerId);
      }
    }
    if (g.swiping && g.dx > SWIPE_DISMISS_PX) {
      dismiss(id);
    } else {
      setDx(0);
    }
    resume('swipe');
  };
  // The clock pauses while a mouse is over the toast or focus is inside it (as zag's did), so a message being read
  // or a button being reached does not vanish. A toast taken out of the page gets neither leave nor blur.
  useEffect(
    () => () => {
      resume('pointer');
      resume('focus');
      // A toast replaced or dismissed while a finger still drags it never hears the finger lift.
      resume('swipe');
    },
    [],
  );
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resume('focus');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    dismiss(id);
  };

  return (
    <div
      data-scope="toast"
      data-part="root"
      data-state={open ? 'open' : 'closed'}
      data-placement={placement}
      data-variant={variant}
      data-swiping={swiping ? '' : undefined}
      className={styles.root}
      role="status"
      aria-atomic="true"
      aria-labelledby={`${ids}-title`}
      aria-describedby={description ? `${ids}-description` : undefined}
      tabIndex={0}
      // Swiped away, it fades from where the finger left it (the inline opacity would hold the closed state's).
      style={dx ? { transform: `translateX(${dx}px)`, opacity: open ? Math.max(0.2, 1 - dx / 200) : 0 } : undefined}
      onKeyDown={onKeyDown}
      // A mouse over the toast holds it; a finger's touch does not (a phone sends no leave until the next touch
      // elsewhere, and the toast would stay for good).
      onPointerEnter={(event) => event.pointerType === 'mouse' && pause('pointer')}
      onPointerLeave={() => resume('pointer')}
      onFocus={() => pause('focus')}
      onBlur={onBlur}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onLostPointerCapture={onPointerEnd}
    >
      <div data-scope="toast" data-part="title" id={`${ids}-title`} className={styles.title}>
        {title}
      </div>
      {description ? (
        <div data-scope="toast" data-part="description" id={`${ids}-description`} className={styles.description}>
          {description}
        </div>
      ) : null}
      {action ? (
        <button
          type="button"
          data-scope="toast"
          data-part="action-trigger"
          className={cx(button({ variant: 'outline', size: 'sm' }), styles.actionTrigger)}
          onClick={() => {
            action.onClick();
            dismiss(id);
          }}
        >
          {action.label}
        </button>
      ) : null}
      <button
        type="button"
        data-scope="toast"
        data-part="close-trigger"
        className={styles.closeTrigger}
        onClick={() => dismiss(id)}
      >
        <X aria-hidden="true" />
        <VisuallyHidden>Dismiss notification</VisuallyHidden>
      </button>
    </div>
  );
}

const groupClass = toastRecipe().group;

let markRegionMounted: () => void = () => {};
/** Resolves once the region is in the page: from then on a shown toast is on screen, not only in the store. */
export const regionMounted = new Promise<void>((resolve) => {
  markRegionMounted = resolve;
});

/**
 * The toast region, named as Ark named it: "Notifications, top (F8)" on a phone, "Notifications, bottom-end (F8)"
 * wider. It lives directly in <body>, not in the app's root: a modal dialog hides everything outside itself from
 * assistive technology except live regions that are children of <body>, so a toast raised while a dialog is open (a
 * refused file in the crop dialog) is still seen and announced; the dialog lists it among the elements an
 * interaction with does not close it (ui/dialog.tsx).
 */
export default function ToasterRegion() {
  const shown = useSyncExternalStore(shownToast.subscribe, shownToast.get, getNone);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    regionElement = ref.current;
    markRegionMounted();
    return () => {
      regionElement = null;
    };
  }, []);
  return createPortal(
    <section
      ref={ref}
      data-scope="toast"
      data-part="group"
      data-placement={placement}
      className={groupClass}
      role="region"
      tabIndex={-1}
      aria-label={`Notifications, ${placement} (${HOTKEY})`}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
      // F8 focuses the region itself: the message waits while it has focus.
      onFocus={(event) => event.target === event.currentTarget && pause('region')}
      onBlur={(event) => {
        if (event.target === event.currentTarget) resume('region');
        // Focus moved on by the user (Tab out, a click elsewhere): nothing to give it back to later.
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) focusBeforeHotkey = null;
      }}
    >
      {shown ? <ToastItem key={shown.id} toast={shown} /> : null}
    </section>,
    document.body,
  );
}

// Known to ui/toast.tsx as soon as this code runs, however it arrived (toast.tsx's import, or a screen's own).
toasterLoaded({ default: ToasterRegion, regionMounted, showToast });
