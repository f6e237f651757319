import { defineSlotRecipe } from '@pandacss/dev';

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
      _closed: { animation: 'backdrop-out' },
    },
    positioner: {
      alignItems: 'center',
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
      _closed: { animation: 'dialog-out' },
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
      center: {},
      end: {
        positioner: { justifyContent: 'flex-end', alignItems: 'stretch', p: '0' },
        content: {
          borderRadius: '0',
          borderWidth: '0',
          height: '100dvh',
          maxWidth: 'xs',
          overflowY: 'auto',
          _open: { animation: 'drawer-in-right' },
          _closed: { animation: 'drawer-out-right' },
        },
      },
    },
  },
  defaultVariants: { placement: 'center' },
});
