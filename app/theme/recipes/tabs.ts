import { defineSlotRecipe } from '@pandacss/dev';
import { focusRing } from './focus-ring.ts';

export const tabs = defineSlotRecipe({
  className: 'tabs',
  slots: ['root', 'list', 'trigger', 'content', 'indicator'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '4', width: 'full' },
    list: {
      background: 'bg.muted',
      borderRadius: 'l3',
      display: 'flex',
      gap: '1',
      p: '1',
      position: 'relative',
    },
    trigger: {
      alignItems: 'center',
      borderRadius: 'l2',
      color: 'fg.muted',
      cursor: 'pointer',
      display: 'inline-flex',
      flex: '1',
      fontWeight: 'bold',
      justifyContent: 'center',
      minHeight: 'touch',
      px: '4',
      textStyle: 'md',
      transitionDuration: 'normal',
      transitionProperty: 'background, color',
      _hover: { color: 'fg.default' },
      _selected: { background: 'bg.default', color: 'fg.default', boxShadow: 'sm' },
      _focusVisible: focusRing,
    },
    content: {
      _focusVisible: focusRing,
      borderRadius: 'l2',
    },
    indicator: { display: 'none' },
  },
});
