import { defineSlotRecipe } from '@pandacss/dev';

export const avatar = defineSlotRecipe({
  className: 'avatar',
  slots: ['root', 'image', 'fallback'],
  base: {
    root: {
      alignItems: 'center',
      background: 'bg.emphasized',
      borderRadius: 'full',
      color: 'fg.default',
      display: 'inline-flex',
      flexShrink: '0',
      fontWeight: 'bold',
      justifyContent: 'center',
      overflow: 'hidden',
      // The picture lies over the initials (app/ui/avatar.tsx), which show until it has loaded.
      position: 'relative',
      userSelect: 'none',
    },
    image: { position: 'absolute', inset: '0', width: 'full', height: 'full', objectFit: 'cover' },
    fallback: { textTransform: 'uppercase' },
  },
  defaultVariants: { size: 'md' },
  variants: {
    size: {
      sm: { root: { width: '8', height: '8', textStyle: 'xs' } },
      md: { root: { width: '11', height: '11', textStyle: 'sm' } },
      lg: { root: { width: '16', height: '16', textStyle: 'xl' } },
      xl: { root: { width: '24', height: '24', textStyle: '3xl' } },
    },
    verified: {
      true: { root: { outline: '3px solid', outlineColor: 'verified.default', outlineOffset: '2px' } },
    },
  },
});
