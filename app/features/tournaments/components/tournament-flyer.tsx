import { Trophy } from 'lucide-react';
import { css, cx } from '../../../../styled-system/css';
import { divisionNames, type Tournament } from '../../../../edge/features/tournaments/schema.ts';

const frameClass = css({
  aspectRatio: '16 / 9',
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
    left: '-10%',
    position: 'absolute',
    top: '22%',
    transform: 'rotate(-8deg)',
    width: '120%',
  },
});
const fallbackIconClass = css({ color: 'inverse.accent', height: '8', width: '8' });
const fallbackEyebrowClass = css({
  color: 'inverse.muted',
  fontWeight: 'bold',
  letterSpacing: 'widest',
  textStyle: 'xs',
  textTransform: 'uppercase',
});
const fallbackTitleClass = css({
  fontFamily: 'display',
  fontSize: '2xl',
  fontWeight: 'black',
  lineClamp: '2',
  lineHeight: 'tight',
  textTransform: 'uppercase',
});

/**
 * The tournament's flyer, or a designed poster block when it has none. The fallback repeats the title, so it is
 * hidden from assistive technology.
 */
export function TournamentFlyer({
  tournament,
  className,
}: {
  tournament: Pick<Tournament, 'title' | 'flyerUrl' | 'division'>;
  className?: string;
}) {
  return (
    <div className={cx(frameClass, className)}>
      {tournament.flyerUrl ? (
        <img
          className={imageClass}
          src={tournament.flyerUrl}
          alt={`${tournament.title} flyer`}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <div className={fallbackClass} aria-hidden="true">
          <Trophy className={fallbackIconClass} />
          <span className={fallbackEyebrowClass}>
            {tournament.division ? divisionNames[tournament.division] : 'WTA League'}
          </span>
          <span className={fallbackTitleClass}>{tournament.title}</span>
        </div>
      )}
    </div>
  );
}
