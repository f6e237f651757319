import { defineRecipe } from '@pandacss/dev';

/** Hidden until focused, then the first thing a keyboard user meets (WCAG 2.4.1). */
export const skipLink = defineRecipe({
  className: 'skipLink',
  base: {
    background: 'verified.default',
    borderRadius: 'l2',
    color: 'verified.fg',
    fontWeight: 'bold',
    left: '4',
    px: '4',
    py: '3',
    position: 'fixed',
    top: '2',
    transform: 'translateY(-200%)',
    zIndex: 'skipLink',
    _focus: { transform: 'translateY(0)', outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  },
});
