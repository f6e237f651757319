import { defineTokens } from '@pandacss/dev';
import bronze from '@park-ui/panda-preset/colors/bronze';

export const tokens = defineTokens({
  fonts: {
    // Condensed system faces give the sports-poster look without shipping a web font.
    display: {
      value: [
        '"Arial Narrow"',
        '"Roboto Condensed"',
        '"Helvetica Neue"',
        'ui-sans-serif',
        'system-ui',
        'sans-serif',
      ],
    },
  },
  colors: {
    // Only the step the sponsor tiers use (Radix bronze 9, the same in both schemes), not the whole scale.
    bronze: { 9: bronze.tokens.light['9'] },
  },
  sizes: {
    // WCAG 2.5.5: every pointer target is at least 44 CSS px.
    touch: { value: '2.75rem' },
  },
});
