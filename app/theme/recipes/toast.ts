import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './focus-ring.ts';

/** The region and its one toast (ui/toaster.tsx): placed by `data-placement`, faded and slid in and out. */
export const toast = defineSlotRecipe({
  className: 'toast',
  slots: ['group', 'root', 'title', 'description', 'actionTrigger', 'closeTrigger'],
  base: {
    group: {
      display: 'flex',
      position: 'fixed',
      zIndex: 'toast',
      // The empty region must not catch clicks meant for the top bar under it; the toast takes them.
      pointerEvents: 'none',
      '&[data-placement=top]': { top: '1', left: '1', right: '1', justifyContent: 'center' },
      '&[data-placement=bottom-end]': { bottom: '4', right: '4' },
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
      overflowWrap: 'anywhere',
      pl: '4',
      pr: '14',
      py: { base: '1.5', md: '3' },
      pointerEvents: 'auto',
      position: 'relative',
      touchAction: 'pan-y',
      width: { base: 'calc(100vw - 0.5rem)', md: 'min(calc(100vw - 2rem), 24rem)' },
      transitionDuration: 'slow',
      transitionProperty: 'translate, opacity, transform',
      transitionTimingFunction: 'default',
      _focusVisible: focusRing,
      _starting: { opacity: '0', translate: '0 0.5rem' },
      '&[data-placement=top]': { _starting: { translate: '0 -0.5rem' } },
      '&[data-state=closed]': { opacity: '0' },
      // While a finger drags it the toast follows at once; released, it slides back or away.
      '&[data-swiping]': { transitionProperty: 'none' },
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
