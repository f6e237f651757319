import { ExternalLink } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import type { Highlight } from '../queries.ts';

const gridClass = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
});
// The frame's box is reserved before the player loads: no layout shift, on the server's HTML or after.
const frameBoxClass = css({
  aspectRatio: '16 / 9',
  background: 'bg.emphasized',
  borderRadius: 'l3',
  overflow: 'hidden',
  width: 'full',
  '& iframe': { border: 'none', display: 'block', height: 'full', width: 'full' },
});
const linkClass = css({
  alignItems: 'center',
  color: 'accent.text',
  display: 'inline-flex',
  gap: '1.5',
  minHeight: 'touch',
  overflowWrap: 'anywhere',
  textDecoration: 'underline',
  '& svg': { flexShrink: '0', height: '4', width: '4' },
});

const providerNames = { youtube: 'YouTube', vimeo: 'Vimeo', twitch: 'Twitch' } as const;

/** A plain web link may be shown as text to follow; nothing else (javascript:, data:) ever becomes an href. */
function webLink(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * Highlight videos (001 s2, D29): each allowed link in its site's privacy-enhanced player, loaded only when scrolled
 * near (`loading="lazy"`), sandboxed, and named for screen readers. A link the server did not embed is at most a
 * plain link out.
 */
export function HighlightVideos({ highlights, playerName }: { highlights: Highlight[]; playerName: string }) {
  const embedded = highlights.filter((h) => h.embedUrl !== null);
  const links = highlights.filter((h) => h.embedUrl === null).flatMap((h) => webLink(h.url) ?? []);
  return (
    <>
      {embedded.length > 0 ? (
        <ul className={gridClass}>
          {embedded.map((h, i) => (
            <li key={`${h.url}-${i}`} className={frameBoxClass}>
              <iframe
                src={h.embedUrl!}
                title={`${playerName} highlight ${i + 1} of ${embedded.length} (${h.provider ? providerNames[h.provider] : 'video'})`}
                loading="lazy"
                allow="encrypted-media; fullscreen; picture-in-picture"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
                sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {links.length > 0 ? (
        <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          {links.map((href, i) => (
            <li key={`${href}-${i}`}>
              <a href={href} className={linkClass} target="_blank" rel="noopener noreferrer nofollow ugc">
                <ExternalLink aria-hidden="true" />
                {href}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
