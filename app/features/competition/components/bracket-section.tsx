import { useId, useLayoutEffect, useRef, useState } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import type { BracketSection } from '../bracket-layout.ts';
import { MatchCard, type MatchManagement } from './match-card.tsx';

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' });
const titleClass = css({ fontSize: 'xl', fontWeight: 'extrabold' });
const srOnlyClass = css({ srOnly: true });
// The round buttons are the phone's way between rounds (besides swiping); desktop shows the columns side by side.
// They wrap rather than scroll: a row scrolled sideways left the last round cut off at 360 px ('Fina'), with
// nothing to say more was there.
const roundNavClass = css({
  display: { base: 'flex', md: 'none' },
  flexWrap: 'wrap',
  gap: '2',
  pb: '1',
});
const roundButtonClass = css({
  flexShrink: '0',
  '&[aria-current=true]': { background: 'accent.default', color: 'accent.fg', borderColor: 'accent.default' },
});
const scrollerClass = css({
  display: 'flex',
  gap: '4',
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  pb: '2',
  position: 'relative',
  scrollSnapType: 'x',
  scrollSnapStrictness: 'mandatory',
  scrollbarWidth: '[thin]',
  _focusVisible: { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
const columnClass = css({
  display: 'flex',
  flex: { base: '[0 0 100%]', md: '[0 0 18rem]', lg: '[0 0 20rem]' },
  flexDirection: 'column',
  gap: '3',
  minWidth: '0',
  scrollSnapAlign: 'start',
});
// Elimination columns spread their cards so each sits between the two that feed it.
const eliminationMatchesClass = css({ justifyContent: { md: 'space-around' } });
const matchesClass = css({ display: 'flex', flex: '1', flexDirection: 'column', gap: '3' });
const roundHeadClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '2', minHeight: '7' });
const roundTitleClass = css({ fontWeight: 'bold', textStyle: 'md' });
const emptyClass = css({ color: 'fg.muted', textStyle: 'sm', py: '4' });

export interface BracketSectionViewProps {
  section: BracketSection;
  /** The section heading is for screen readers only when it is the whole bracket (single elimination). */
  hideTitle: boolean;
  now: Date;
  manage: MatchManagement | undefined;
}

/** One section of the bracket: a column per round; on a phone one round at a time, swiped or picked by name. */
export function BracketSectionView({ section, hideTitle, now, manage }: BracketSectionViewProps) {
  const headingId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const initial = Math.max(0, section.rounds.findIndex((r) => r.round === section.currentRound));
  const [visible, setVisible] = useState(initial);

  // Opening the tab shows the current round (before the first paint, so nothing jumps); later polls leave the
  // scroll position to the reader.
  useLayoutEffect(() => {
    const column = scroller.current?.children[initial] as HTMLElement | undefined;
    if (scroller.current && column) scroller.current.scrollLeft = column.offsetLeft;
    // Only on mount: a new current round must not yank the reader away from the round they are looking at.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const columns = Array.from(el.children) as HTMLElement[];
    let best = 0;
    columns.forEach((c, i) => {
      if (Math.abs(c.offsetLeft - el.scrollLeft) < Math.abs((columns[best]?.offsetLeft ?? 0) - el.scrollLeft)) best = i;
    });
    if (best !== visible) setVisible(best);
  };

  const showRound = (index: number) => {
    const column = scroller.current?.children[index] as HTMLElement | undefined;
    if (!scroller.current || !column) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    scroller.current.scrollTo({ left: column.offsetLeft, behavior: reduce ? 'auto' : 'smooth' });
    setVisible(index);
  };

  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <h3 id={headingId} className={cx(titleClass, hideTitle ? srOnlyClass : undefined)}>
        {section.title}
      </h3>
      {section.rounds.length > 1 ? (
        <div className={roundNavClass} role="group" aria-label={`${section.title} rounds`}>
          {section.rounds.map((r, i) => (
            <Button
              key={r.round}
              size="sm"
              variant="outline"
              className={roundButtonClass}
              aria-current={i === visible ? 'true' : undefined}
              onClick={() => showRound(i)}
            >
              {r.name}
            </Button>
          ))}
        </div>
      ) : null}
      {/* Focusable so keyboard users can scroll the columns (the cards may hold no button). */}
      <div
        ref={scroller}
        className={scrollerClass}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label={`${section.title}: rounds`}
      >
        {section.rounds.map((r) => (
          <RoundColumn key={r.round} round={r} section={section} now={now} manage={manage} />
        ))}
      </div>
    </section>
  );
}

function RoundColumn({
  round,
  section,
  now,
  manage,
}: {
  round: BracketSection['rounds'][number];
  section: BracketSection;
  now: Date;
  manage: MatchManagement | undefined;
}) {
  const id = useId();
  const current = section.currentRound === round.round;
  return (
    <div className={columnClass} role="group" aria-labelledby={id}>
      <div className={roundHeadClass}>
        <h4 id={id} className={roundTitleClass}>
          {round.name}
        </h4>
        {current ? <Badge tone="verified">Current Round</Badge> : null}
      </div>
      {round.matches.length === 0 ? (
        <p className={emptyClass}>No matches scheduled yet</p>
      ) : (
        <div className={cx(matchesClass, section.kind === 'elimination' ? eliminationMatchesClass : undefined)}>
          {round.matches.map((m) => (
            <MatchCard key={m.id} match={m} now={now} manage={manage} />
          ))}
        </div>
      )}
    </div>
  );
}
