import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cx } from '../../styled-system/css';
import { button, dialog, type DialogVariantProps } from '../../styled-system/recipes';
import { VisuallyHidden } from './visually-hidden.tsx';

export type DialogProps = DialogVariantProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Hide the title visually (it still names the dialog for assistive technology). */
  hideTitle?: boolean;
  closeLabel?: string;
  /** Dialogs that demand a choice (alertdialog) have no close button and ignore outside clicks. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
};

/**
 * Whether an interaction outside the dialog was with the toast region (ui/toaster.tsx). A toast raised while a dialog
 * is open (a refused file in the crop dialog) stays usable: its recipe gives it `pointer-events: auto` under the
 * modal's inert body, and pressing or focusing it is not an interaction outside that closes the dialog.
 *
 * Not Ark's `persistentElements`: zag waits up to a second for each such element to appear (to make it clickable),
 * with a promise that nothing catches. The region is only in the page from its first toast on (ADR 049), so nearly
 * every dialog's wait ended in an unhandled rejection: 'AbortError: Promise aborted' when the dialog closed within
 * the second (the welcome dialog), 'Error: Timeout of 1000ms exceeded' otherwise (issue 34).
 */
const inToastRegion = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[data-scope="toast"][data-part="group"]') !== null;

/**
 * A modal dialog: focus is trapped inside, Escape closes it, and focus returns to the opener. Ark's own trap: on React
 * it finds the content a frame after opening; under Preact it often did not, and a trap of our own stood in (ADR 064).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  hideTitle,
  closeLabel = 'Close',
  role = 'dialog',
  placement,
  className,
}: DialogProps) {
  const styles = dialog({ placement });
  const id = useId();
  const ids = { title: `${id}-title`, description: `${id}-description`, content: `${id}-content` };
  return (
    <ArkDialog.Root
      ids={ids}
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      lazyMount
      unmountOnExit
      onInteractOutside={(event) => {
        if (inToastRegion(event.detail.target)) event.preventDefault();
      }}
    >
      <Portal>
        <ArkDialog.Backdrop className={styles.backdrop} />
        <ArkDialog.Positioner className={styles.positioner}>
          {/* Named by its title and description from the first frame: Ark looks for them a frame after opening, and
              only writes the references if they were there by then (not always so under Preact's timing, ADR 042). */}
          <ArkDialog.Content
            className={cx(styles.content, className)}
            aria-labelledby={ids.title}
            aria-describedby={description ? ids.description : undefined}
          >
            {hideTitle ? (
              <ArkDialog.Title asChild>
                <VisuallyHidden>{title}</VisuallyHidden>
              </ArkDialog.Title>
            ) : (
              <ArkDialog.Title className={styles.title}>{title}</ArkDialog.Title>
            )}
            {description ? <ArkDialog.Description className={styles.description}>{description}</ArkDialog.Description> : null}
            {children}
            {role === 'dialog' ? (
              <ArkDialog.CloseTrigger className={cx(button({ variant: 'ghost', size: 'icon' }), styles.closeTrigger)}>
                <X aria-hidden="true" />
                <VisuallyHidden>{closeLabel}</VisuallyHidden>
              </ArkDialog.CloseTrigger>
            ) : null}
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

const footerClass = dialog().footer;
const bodyClass = dialog().body;

export function DialogBody({ children }: { children: ReactNode }) {
  return <div className={bodyClass}>{children}</div>;
}

export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className={footerClass}>{children}</div>;
}
