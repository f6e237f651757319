/**
 * Light and dark follow the system preference (there is no toggle to remember), so both conditions are media
 * queries rather than Park UI's `.dark` class. Light must be a media query too: a `:root` selector would outrank the
 * zero-specificity `:where(:root)` that Panda emits for dark tokens and pin every page to light.
 */
export const conditions = {
  extend: {
    dark: '@media (prefers-color-scheme: dark)',
    light: '@media (prefers-color-scheme: light)',
  },
};
