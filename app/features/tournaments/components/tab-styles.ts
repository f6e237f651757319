import { css } from '../../../../styled-system/css';

/** Shared layout of the detail page's tab panels. */
export const panelClass = css({ display: 'flex', flexDirection: 'column', gap: '8', pt: '2' });
export const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
export const sectionTitleClass = css({ fontSize: '2xl', fontWeight: 'extrabold' });
export const subTitleClass = css({ fontSize: 'lg', fontWeight: 'bold' });
export const mutedClass = css({ color: 'fg.muted' });
export const noteClass = css({ color: 'fg.muted', fontWeight: 'semibold', textStyle: 'sm' });
export const skeletonClass = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l3' });
