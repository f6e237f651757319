import { defineGlobalStyles } from '@pandacss/dev';

export const globalCss = defineGlobalStyles({
  html: {
    colorPalette: 'accent',
    colorScheme: 'light dark',
    WebkitTextSizeAdjust: '100%',
  },
  body: {
    background: 'bg.canvas',
    color: 'fg.default',
    fontFamily: 'sans',
    lineHeight: 'normal',
    minHeight: '100dvh',
    WebkitFontSmoothing: 'antialiased',
  },
  '*::selection': {
    bg: 'verified.muted',
  },
  // One visible focus style for anything focusable that has no recipe of its own.
  ':focus-visible': {
    outline: '3px solid',
    outlineColor: 'focusRing',
    outlineOffset: '2px',
  },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
