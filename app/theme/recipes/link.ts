import { defineRecipe } from '@pandacss/dev';
import { focusRing } from './focus-ring.ts';

/** Text links inside prose and the footer: underlined so they never rely on colour alone. */
export const link = defineRecipe({
  className: 'link',
  base: {
    borderRadius: 'l1',
    color: 'fg.default',
    fontWeight: 'semibold',
    textDecoration: 'underline',
    textDecorationThickness: '2px',
    textUnderlineOffset: '0.2em',
    _hover: { textDecorationColor: 'verified.default' },
    _focusVisible: focusRing,
  },
  variants: {
    // Footer links get a full touch target.
    block: {
      true: { alignItems: 'center', display: 'inline-flex', minHeight: 'touch' },
    },
  },
});
