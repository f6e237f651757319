import { defineSemanticTokens } from '@pandacss/dev';

/**
 * Roles, not colours. `accent` is the bold black/white of the league, `verified` the gold of verified members and
 * prize money, `danger` destructive actions. Every foreground/background pair here keeps WCAG AA contrast
 * (checked with the contrast ratios in the comments) in both schemes.
 */
export const semanticTokens = defineSemanticTokens({
  colors: {
    accent: {
      // #21201c on white 16:1; #eeeeec on #111110 16:1.
      default: { value: { _light: '{colors.gray.light.12}', _dark: '{colors.gray.dark.12}' } },
      emphasized: { value: { _light: '{colors.black}', _dark: '{colors.white}' } },
      fg: { value: { _light: '{colors.white}', _dark: '{colors.gray.dark.1}' } },
      text: { value: { _light: '{colors.gray.light.12}', _dark: '{colors.gray.dark.12}' } },
      subtle: { value: { _light: '{colors.gray.light.a3}', _dark: '{colors.gray.dark.a3}' } },
      muted: { value: { _light: '{colors.gray.light.a4}', _dark: '{colors.gray.dark.a4}' } },
      border: { value: { _light: '{colors.gray.light.a8}', _dark: '{colors.gray.dark.a8}' } },
      a2: { value: { _light: '{colors.gray.light.a2}', _dark: '{colors.gray.dark.a2}' } },
      a3: { value: { _light: '{colors.gray.light.a3}', _dark: '{colors.gray.dark.a3}' } },
      a4: { value: { _light: '{colors.gray.light.a4}', _dark: '{colors.gray.dark.a4}' } },
    },
    verified: {
      // Dark text on gold: #21201c on #ffc53d 10:1.
      default: { value: '{colors.amber.light.9}' },
      emphasized: { value: '{colors.amber.light.10}' },
      fg: { value: '{colors.gray.light.12}' },
      // #4f3422 on #fff7c2 9:1; #ffca16 on #302008 9:1.
      text: { value: { _light: '{colors.amber.light.12}', _dark: '{colors.amber.dark.11}' } },
      subtle: { value: { _light: '{colors.amber.light.3}', _dark: '{colors.amber.dark.3}' } },
      muted: { value: { _light: '{colors.amber.light.4}', _dark: '{colors.amber.dark.4}' } },
      border: { value: { _light: '{colors.amber.light.8}', _dark: '{colors.amber.dark.7}' } },
      a2: { value: { _light: '{colors.amber.light.a2}', _dark: '{colors.amber.dark.a2}' } },
      a3: { value: { _light: '{colors.amber.light.a3}', _dark: '{colors.amber.dark.a3}' } },
      a4: { value: { _light: '{colors.amber.light.a4}', _dark: '{colors.amber.dark.a4}' } },
    },
    danger: {
      // White on #ce2c31 5.2:1, on #b54548 5.4:1 (Radix red 9 is only 3.9:1).
      default: { value: { _light: '{colors.red.light.11}', _dark: '{colors.red.dark.8}' } },
      emphasized: { value: { _light: '{colors.red.light.12}', _dark: '{colors.red.dark.7}' } },
      fg: { value: '{colors.white}' },
      text: { value: { _light: '{colors.red.light.11}', _dark: '{colors.red.dark.11}' } },
      subtle: { value: { _light: '{colors.red.light.3}', _dark: '{colors.red.dark.3}' } },
      muted: { value: { _light: '{colors.red.light.4}', _dark: '{colors.red.dark.4}' } },
      border: { value: { _light: '{colors.red.light.8}', _dark: '{colors.red.dark.8}' } },
      a2: { value: { _light: '{colors.red.light.a2}', _dark: '{colors.red.dark.a2}' } },
      a3: { value: { _light: '{colors.red.light.a3}', _dark: '{colors.red.dark.a3}' } },
      a4: { value: { _light: '{colors.red.light.a4}', _dark: '{colors.red.dark.a4}' } },
    },
    fg: {
      // Park UI's red 9 fails AA for small error text.
      error: { value: '{colors.danger.text}' },
    },
    border: {
      error: { value: '{colors.danger.text}' },
    },
    // The sponsor tiers' marks (001 s9): each tier its own colour. Bronze #a18072 is 3.6:1 on the light canvas and
    // 5:1 on the dark one; gold is the league's gold.
    sponsorTier: {
      title: { value: '{colors.accent.default}' },
      gold: { value: '{colors.verified.default}' },
      silver: { value: '{colors.fg.subtle}' },
      bronze: { value: '{colors.bronze.9}' },
    },
    // 3:1 or better against both canvases (WCAG 1.4.11).
    focusRing: { value: { _light: '{colors.amber.light.11}', _dark: '{colors.amber.dark.9}' } },
    // The top bar and hero are always dark: the league's black-and-gold.
    inverse: {
      bg: { value: { _light: '{colors.gray.light.12}', _dark: '{colors.black}' } },
      fg: { value: '{colors.white}' },
      muted: { value: '{colors.gray.dark.11}' },
      border: { value: '{colors.gray.dark.6}' },
      hover: { value: '{colors.white.a2}' },
      accent: { value: '{colors.amber.dark.9}' },
      // Dark layers over video (landing hero, intro): text and controls on them stay readable whatever the frame.
      scrim: { value: '{colors.black.a8}' },
      // Behind full-screen video: the letterbox matches the black of the frames.
      stage: { value: '{colors.black}' },
      plate: { value: '{colors.black.a10}' },
    },
  },
});
