import { css } from '../../../../styled-system/css';

/** Shared layout of the control center's tab panels. */
export const panelClass = css({ display: 'flex', flexDirection: 'column', gap: '6', pt: '2' });
export const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
export const sectionTitleClass = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'extrabold' });
export const mutedClass = css({ color: 'fg.muted' });
export const noteClass = css({ color: 'fg.muted', textStyle: 'sm' });
export const emptyClass = css({ color: 'fg.muted', py: '6', textAlign: 'center' });
export const skeletonClass = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l3' });
/** 001 s2: the tournaments and waivers lists scroll at 600px. Focusable so keyboard users can scroll it. */
export const scrollListClass = css({
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  maxHeight: '[600px]',
  overflowY: 'auto',
  p: { base: '2', md: '3' },
  _focusVisible: { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
export const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
export const cardPadClass = css({ display: 'flex', flexDirection: 'column', gap: '3', p: { base: '4', md: '5' } });
