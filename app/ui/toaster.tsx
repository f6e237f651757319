import { createToaster, Toast, Toaster as ArkToaster, useToastContext } from '@ark-ui/react/toast';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { cx } from '../../styled-system/css';
import { button, toast as toastRecipe } from '../../styled-system/recipes';
import type { ToastInput, ToastVariant } from './toast.tsx';
import { VisuallyHidden } from './visually-hidden.tsx';

/**
 * On a phone a toast at the bottom lay over the form's buttons (a failed login hid Create Account), so there it
 * sits at the top, over the sticky top bar, which holds no form controls; the recipe keeps a one-line message
 * within the bar's height. Wider screens keep the corner. Read once: the toaster's placement is fixed at creation.
 */
const PHONE_QUERY = '(max-width: 767.98px)';
const onPhone = typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches;

/** 000 s9: one toast at a time, 5 s each, F8 moves focus to the region. Loaded lazily through ui/toast.tsx. */
const toaster = createToaster({
  placement: onPhone ? 'top' : 'bottom-end',
  offsets: onPhone ? { top: '0.25rem', bottom: '1rem', left: '0.25rem', right: '0.25rem' } : '1rem',
  max: 1,
  duration: 5000,
  hotkey: ['F8'],
  overlap: false,
  gap: 12,
});

/**
 * Shows a toast, replacing the one on screen: the newest message is the one that matters, and with `max: 1` Ark
 * would otherwise queue it behind the old one.
 */
export function showToast({ title, description, variant = 'default', action }: ToastInput): string {
  toaster.remove();
  return toaster.create({
    title,
    description,
    type: variant === 'destructive' ? 'error' : 'info',
    meta: { variant },
    ...(action ? { action } : {}),
  });
}

/** 000 s9: a swipe to the right past this many pixels dismisses the toast. */
const SWIPE_DISMISS_PX = 50;

/** Drag distances below this are clicks, so the close button keeps working under the swipe handler. */
const DRAG_START_PX = 6;

interface ToastItemProps {
  title: ReactNode;
  description: ReactNode;
  variant: ToastVariant;
  actionLabel: string | undefined;
}

function ToastItem({ title, description, variant, actionLabel }: ToastItemProps) {
  const api = useToastContext();
  const styles = toastRecipe({ variant });
  // The gesture lives in a ref, not in state: a fast flick on a busy phone can deliver its moves and its release
  // before React renders again, and a handler reading state from its render would see no swipe at all.
  const gesture = useRef<{ x: number; pointerId: number; dx: number; swiping: boolean } | null>(null);
  const [dx, setDx] = useState(0);
  const [swiping, setSwiping] = useState(false);

  // Ark/zag toasts have no swipe gesture, so the root follows the pointer horizontally and a release past the
  // threshold dismisses it.
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
      api.pause();
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    g.dx = delta;
    setDx(delta);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== event.pointerId) return;
    gesture.current = null;
    const dismiss = g.swiping && g.dx > SWIPE_DISMISS_PX;
    if (g.swiping) {
      setSwiping(false);
      if (event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.releasePointerCapture(event.pointerId);
      }
    }
    if (dismiss) {
      api.dismiss();
    } else {
      setDx(0);
      api.resume();
    }
  };

  return (
    <Toast.Root
      className={styles.root}
      data-variant={variant}
      data-swiping={swiping ? '' : undefined}
      style={dx ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.2, 1 - dx / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <Toast.Title className={styles.title}>{title}</Toast.Title>
      {description ? <Toast.Description className={styles.description}>{description}</Toast.Description> : null}
      {actionLabel ? (
        <Toast.ActionTrigger className={cx(button({ variant: 'outline', size: 'sm' }), styles.actionTrigger)}>
          {actionLabel}
        </Toast.ActionTrigger>
      ) : null}
      <Toast.CloseTrigger className={styles.closeTrigger}>
        <X aria-hidden="true" />
        <VisuallyHidden>Dismiss notification</VisuallyHidden>
      </Toast.CloseTrigger>
    </Toast.Root>
  );
}

const groupClass = toastRecipe().group;

let markRegionMounted: () => void = () => {};
/** Resolves once the region is in the page: from then on a created toast is on screen, not only in the store. */
export const regionMounted = new Promise<void>((resolve) => {
  markRegionMounted = resolve;
});

/**
 * The toast region. Ark names it "Notifications, bottom-end (F8)" (its default label plus placement and hotkey).
 * It lives directly in <body>, not in the app's root: a modal dialog hides everything outside itself from assistive
 * technology except live regions that are children of <body>, so a toast raised while a dialog is open (a refused
 * file in the crop dialog) is still seen and announced.
 */
export default function ToasterRegion() {
  useEffect(() => markRegionMounted(), []);
  return createPortal(
    <ArkToaster toaster={toaster} className={groupClass}>
      {(options) => (
        <ToastItem
          key={options.id}
          title={options.title}
          description={options.description}
          variant={(options.meta?.variant as ToastVariant | undefined) ?? 'default'}
          actionLabel={options.action?.label}
        />
      )}
    </ArkToaster>,
    document.body,
  );
}
