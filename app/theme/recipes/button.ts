import { defineRecipe } from '@pandacss/dev';
import { focusRing } from './focus-ring.ts';

export const button = defineRecipe({
  className: 'button',
  description: 'Buttons and links that look like buttons. Every size is at least a 44 px touch target.',
  base: {
    alignItems: 'center',
    appearance: 'none',
    borderRadius: 'l2',
    borderWidth: '2px',
    borderColor: 'transparent',
    cursor: 'pointer',
    display: 'inline-flex',
    flexShrink: '0',
    fontWeight: 'bold',
    gap: '2',
    justifyContent: 'center',
    letterSpacing: 'wide',
    minHeight: 'touch',
    minWidth: 'touch',
    outline: 'none',
    position: 'relative',
    textDecoration: 'none',
    transitionDuration: 'normal',
    transitionProperty: 'background, border-color, color, box-shadow',
    userSelect: 'none',
    whiteSpace: 'nowrap',
    _focusVisible: focusRing,
    _disabled: { cursor: 'not-allowed', opacity: 0.6 },
    '& svg': { width: '1.15em', height: '1.15em', flexShrink: '0' },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
  variants: {
    variant: {
      solid: {
        background: 'colorPalette.default',
        color: 'colorPalette.fg',
        _hover: { background: 'colorPalette.emphasized' },
      },
      outline: {
        background: 'transparent',
        borderColor: 'colorPalette.default',
        color: 'colorPalette.text',
        _hover: { background: 'colorPalette.a3' },
      },
      ghost: {
        background: 'transparent',
        color: 'colorPalette.text',
        _hover: { background: 'colorPalette.a3' },
      },
      // For use on the always-dark top bar and hero.
      inverse: {
        background: 'transparent',
        color: 'inverse.fg',
        _hover: { background: 'inverse.hover' },
        '&[aria-current=page]': { color: 'inverse.accent' },
      },
      gold: {
        background: 'verified.default',
        color: 'verified.fg',
        _hover: { background: 'verified.emphasized' },
      },
      link: {
        background: 'transparent',
        color: 'colorPalette.text',
        textDecoration: 'underline',
        textUnderlineOffset: '0.2em',
        px: '0!',
      },
    },
    size: {
      sm: { px: '3', textStyle: 'sm' },
      md: { px: '4', textStyle: 'md' },
      lg: { px: '6', minHeight: '12', textStyle: 'lg' },
      xl: { px: '8', minHeight: '14', textStyle: 'xl' },
      icon: { px: '0', width: 'touch' },
    },
    tone: {
      accent: { colorPalette: 'accent' },
      danger: { colorPalette: 'danger' },
    },
    fullWidth: {
      true: { width: 'full' },
    },
  },
});
