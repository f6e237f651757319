import { defineSlotRecipe } from '@pandacss/dev';

export const card = defineSlotRecipe({
  className: 'card',
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: {
      background: 'bg.default',
      borderColor: 'border.default',
      borderRadius: 'l3',
      borderWidth: '1px',
      boxShadow: 'sm',
      display: 'flex',
      flexDirection: 'column',
      overflow: 'hidden',
      position: 'relative',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', p: '5', pb: '0' },
    title: { color: 'fg.default', fontWeight: 'extrabold', textStyle: 'lg' },
    description: { color: 'fg.muted', textStyle: 'sm' },
    body: { display: 'flex', flexDirection: 'column', gap: '3', p: '5', flex: '1' },
    footer: { display: 'flex', gap: '3', justifyContent: 'flex-end', p: '5', pt: '0' },
  },
  variants: {
    interactive: {
      true: {
        root: {
          cursor: 'pointer',
          textAlign: 'start',
          transitionProperty: 'border-color, box-shadow, transform',
          transitionDuration: 'normal',
          _hover: { borderColor: 'accent.default', boxShadow: 'md' },
          _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
          '&[aria-pressed=true]': { borderColor: 'verified.border', borderWidth: '2px', background: 'verified.subtle' },
        },
      },
    },
  },
});
