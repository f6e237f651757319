import { defineSlotRecipe } from '@pandacss/dev';

// Dialogs animate in, never out. Ark keeps a closing dialog mounted until its exit animation's `animationend`, and
// starts listening for it only an effect and a frame after the close (under Preact, effects run after the next
// paint): on a busy phone the 200 ms animation ended first, and the closed dialog stayed for good, its invisible
// backdrop over the whole page (a paired CI run caught it; e2e/dialogs.spec.ts reproduces it with a busy page).
// Without an exit animation Ark unmounts the dialog as soon as it closes.
//
// A dialog taller than the screen scrolls from its top. The positioner scrolls, and the dialog sits at the start of
// its column with auto margins above and below: they centre a dialog that fits and shrink to nothing for one that
// does not. Centring with `align-items: center` instead put a tall dialog's overflow above the scrollable area too,
// where no scrolling reaches it: the pending tournament's details lost their title and first rows (439 px at 360 x
// 640, issue 34; e2e/dialogs.spec.ts opens every dialog that can be tall on a small phone).

export const dialog = defineSlotRecipe({
  className: 'dialog',
  slots: ['backdrop', 'positioner', 'content', 'title', 'description', 'closeTrigger', 'body', 'footer'],
  base: {
    backdrop: {
      background: 'black.a8',
      inset: '0',
      position: 'fixed',
      zIndex: 'overlay',
      _open: { animation: 'backdrop-in' },
    },
    positioner: {
      alignItems: 'flex-start',
      display: 'flex',
      inset: '0',
      justifyContent: 'center',
      overflow: 'auto',
      p: '4',
      position: 'fixed',
      zIndex: 'modal',
    },
    content: {
      background: 'bg.default',
      borderColor: 'border.default',
      borderRadius: 'l3',
      borderWidth: '1px',
      boxShadow: 'xl',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
      maxWidth: 'md',
      p: '6',
      position: 'relative',
      width: 'full',
      _open: { animation: 'dialog-in' },
    },
    title: { fontWeight: 'extrabold', textStyle: '2xl', pr: '10' },
    description: { color: 'fg.muted', textStyle: 'md' },
    closeTrigger: { position: 'absolute', top: '2', right: '2' },
    body: { display: 'flex', flexDirection: 'column', gap: '3' },
    // Buttons share a row when they fit and stack full-width when they do not (long labels, narrow phones).
    footer: { display: 'flex', flexWrap: 'wrap', gap: '3', '& > *': { flex: '1 1 auto' } },
  },
  variants: {
    // The mobile menu: a sheet from the right edge.
    placement: {
      center: { content: { marginBlock: 'auto' } },
      end: {
        positioner: { justifyContent: 'flex-end', alignItems: 'stretch', p: '0' },
        content: {
          borderRadius: '0',
          borderWidth: '0',
          height: '100dvh',
          maxWidth: 'xs',
          overflowY: 'auto',
          _open: { animation: 'drawer-in-right' },
        },
      },
    },
  },
  defaultVariants: { placement: 'center' },
});
