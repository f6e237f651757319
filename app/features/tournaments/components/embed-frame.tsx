import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { link } from '../../../../styled-system/recipes';
import { useColorScheme, type ColorScheme } from '../../../lib/color-scheme.ts';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';

// Mobile first: another site's column may be 360 px wide, or less.
const frameClass = css({
  background: 'bg.canvas',
  color: 'fg.default',
  display: 'flex',
  flex: '1',
  flexDirection: 'column',
  gap: '3',
  minWidth: '0',
  p: { base: '3', md: '4' },
});
const headClass = css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'extrabold', lineHeight: 'tight' });
const footClass = css({ color: 'fg.muted', textStyle: 'sm' });

/**
 * The embedded bracket's frame (D45): the tournament's name and a "Powered by WTA" line, both linking back to the
 * tournament's page in a new tab (a link that navigated inside another site's iframe would strand the visitor there).
 */
export function EmbedFrame({
  tournament,
  theme,
  children,
}: {
  tournament: { id: number; title: string };
  /** `?theme=`: the framing site's choice, else the viewer's preference. */
  theme: ColorScheme | undefined;
  children: ReactNode;
}) {
  useColorScheme(theme);
  const href = `/tournaments/${tournament.id}`;
  return (
    <div className={frameClass}>
      <h1 className={headClass}>
        <a className={link()} href={href} target="_blank" rel="noopener">
          {tournament.title}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </a>
      </h1>
      {children}
      <p className={footClass}>
        <a className={link()} href={href} target="_blank" rel="noopener">
          Powered by WTA
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </a>
      </p>
    </div>
  );
}
