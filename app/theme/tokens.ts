import { defineTokens } from '@pandacss/dev';

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
  sizes: {
    // WCAG 2.5.5: every pointer target is at least 44 CSS px.
    touch: { value: '2.75rem' },
  },
});
