import { defineRecipe } from '@pandacss/dev';

export const badge = defineRecipe({
  className: 'badge',
  base: {
    alignItems: 'center',
    borderRadius: 'full',
    borderWidth: '1px',
    display: 'inline-flex',
    fontWeight: 'bold',
    gap: '1',
    px: '2.5',
    py: '0.5',
    textStyle: 'xs',
    whiteSpace: 'nowrap',
    '& svg': { width: '3.5', height: '3.5' },
  },
  defaultVariants: { tone: 'neutral' },
  variants: {
    tone: {
      neutral: { background: 'bg.subtle', borderColor: 'border.default', color: 'fg.default' },
      accent: { background: 'accent.default', borderColor: 'accent.default', color: 'accent.fg' },
      // The gold badge of verified members (000 s1).
      verified: { background: 'verified.default', borderColor: 'verified.border', color: 'verified.fg' },
      danger: { background: 'danger.default', borderColor: 'danger.default', color: 'danger.fg' },
    },
    // A count pinned to the corner of an icon button.
    count: {
      true: {
        position: 'absolute',
        top: '0.5',
        right: '0.5',
        minWidth: '5',
        height: '5',
        justifyContent: 'center',
        px: '1',
        py: '0',
        fontSize: '2xs',
        lineHeight: '1',
      },
    },
  },
});
