import { defineSlotRecipe } from '@pandacss/dev';

export const alert = defineSlotRecipe({
  className: 'alert',
  slots: ['root', 'icon', 'content', 'title', 'description'],
  base: {
    root: {
      borderRadius: 'l3',
      borderWidth: '1px',
      borderLeftWidth: '4px',
      display: 'flex',
      gap: '3',
      p: '4',
      width: 'full',
    },
    icon: { flexShrink: '0', width: '5', height: '5', mt: '0.5' },
    content: { display: 'flex', flexDirection: 'column', gap: '1', flex: '1' },
    title: { fontWeight: 'bold', textStyle: 'md' },
    description: { textStyle: 'sm' },
  },
  defaultVariants: { tone: 'neutral' },
  variants: {
    tone: {
      neutral: { root: { background: 'bg.default', borderColor: 'border.default', color: 'fg.default' } },
      verified: { root: { background: 'verified.subtle', borderColor: 'verified.border', color: 'verified.text' } },
      danger: { root: { background: 'danger.subtle', borderColor: 'danger.border', color: 'danger.text' } },
    },
  },
});
