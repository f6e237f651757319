import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './focus-ring.ts';

/** Ark's toast machine drives position through --x/--y/--scale/--opacity/--height (see zag toast). */
export const toast = defineSlotRecipe({
  className: 'toast',
  slots: ['group', 'root', 'title', 'description', 'actionTrigger', 'closeTrigger'],
  base: {
    group: {
      zIndex: 'toast',
      _focusVisible: focusRing,
    },
    root: {
      borderRadius: 'l3',
      borderWidth: '2px',
      boxShadow: 'xl',
      display: 'flex',
      flexDirection: 'column',
      // A phone's toast lies over the 64 px top bar (ui/toaster.tsx): compact, so a one-line message fits in it.
      gap: { base: '0.5', md: '1' },
      height: 'var(--height)',
      opacity: 'var(--opacity)',
      overflowWrap: 'anywhere',
      pl: '4',
      pr: '14',
      py: { base: '1.5', md: '3' },
      position: 'relative',
      scale: 'var(--scale)',
      translate: 'var(--x) var(--y) 0',
      touchAction: 'pan-y',
      width: { base: 'calc(100vw - 0.5rem)', md: 'min(calc(100vw - 2rem), 24rem)' },
      willChange: 'translate, opacity, scale',
      zIndex: 'var(--z-index)',
      transitionDuration: 'slow',
      transitionProperty: 'translate, scale, opacity, height, transform',
      transitionTimingFunction: 'default',
      _focusVisible: focusRing,
      '&[data-swiping]': { transitionProperty: 'translate, scale, opacity, height' },
    },
    title: { fontWeight: 'bold', textStyle: { base: 'sm', md: 'md' } },
    description: { textStyle: 'sm' },
    actionTrigger: { mt: '2' },
    closeTrigger: {
      alignItems: 'center',
      borderRadius: 'l2',
      color: 'inherit',
      cursor: 'pointer',
      display: 'inline-flex',
      height: 'touch',
      justifyContent: 'center',
      position: 'absolute',
      right: '1',
      top: '1',
      width: 'touch',
      _hover: { background: 'accent.a3' },
      _focusVisible: focusRing,
      '& svg': { width: '5', height: '5' },
    },
  },
  defaultVariants: { variant: 'default' },
  variants: {
    variant: {
      default: {
        root: { background: 'bg.default', borderColor: 'accent.default', color: 'fg.default' },
        description: { color: 'fg.muted' },
      },
      destructive: {
        root: { background: 'danger.default', borderColor: 'danger.default', color: 'danger.fg' },
        description: { color: 'danger.fg' },
      },
    },
  },
});
