import { Trophy } from 'lucide-react';
import { css, cx } from '../../../../styled-system/css';
import { divisionNames, type Tournament } from '../../../../edge/features/tournaments/schema.ts';

const frameClass = css({
  aspectRatio: { base: '2 / 1', md: '16 / 9' },
  background: 'inverse.bg',
  overflow: 'hidden',
  position: 'relative',
  width: 'full',
});
const imageClass = css({ height: 'full', objectFit: 'cover', width: 'full' });
const fallbackClass = css({
  alignItems: 'flex-start',
  color: 'inverse.fg',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  height: 'full',
  justifyContent: 'flex-end',
  p: '5',
  // A gold band across the corner: the league's black-and-gold poster look without an image.
  _before: {
    background: 'inverse.accent',
    content: '""',
    height: '3',
    left: '[-10%]',
    position: 'absolute',
    top: '[18%]',
    transform: 'rotate(-8deg)',
    width: '[120%]',
  },
});
const fallbackEyebrowClass = css({
  alignItems: 'center',
  color: 'inverse.accent',
  display: 'inline-flex',
  gap: '1.5',
  '& svg': { height: '4', width: '4' },
  fontWeight: 'bold',
  letterSpacing: 'widest',
  textStyle: 'xs',
  textTransform: 'uppercase',
});
const fallbackTitleClass = css({
  fontFamily: 'display',
  fontSize: { base: '3xl', md: '4xl' },
  fontWeight: 'black',
  lineClamp: '2',
  lineHeight: 'tight',
  textTransform: 'uppercase',
});

/**
 * The tournament's flyer, or a designed poster block (league mark and division) when it has none. The fallback
 * is decoration, so it is hidden from assistive technology. `priority` marks the flyer that is likely the page's
 * largest paint (the detail page's, the list's first): fetched at once and first, where the others wait until they
 * near the screen (issue 12, LCP).
 */
export function TournamentFlyer({
  tournament,
  className,
  priority = false,
}: {
  tournament: Pick<Tournament, 'title' | 'flyerUrl' | 'division'>;
  className?: string;
  priority?: boolean;
}) {
  return (
    <div className={cx(frameClass, className)}>
      {tournament.flyerUrl ? (
        <img
          className={imageClass}
          src={tournament.flyerUrl}
          alt={`${tournament.title} flyer`}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
        />
      ) : (
        <div className={fallbackClass} aria-hidden="true">
          <span className={fallbackEyebrowClass}>
            <Trophy />
            WTA League
          </span>
          <span className={fallbackTitleClass}>
            {tournament.division ? divisionNames[tournament.division] : 'Tournament'}
          </span>
        </div>
      )}
    </div>
  );
}
