/** The one focus indicator every interactive recipe uses: thick, offset, and gold on both schemes. */
export const focusRing = {
  outline: '3px solid',
  outlineColor: 'focusRing',
  outlineOffset: '2px',
} as const;
