import { lazy, Suspense } from 'react';
import { css } from '../../../../styled-system/css';
import type { BracketMatch } from '../../../../edge/features/competition/schema.ts';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import type { BracketTabProps } from './bracket-tab.tsx';
import type { MvpTabProps } from './mvp-tab.tsx';

// The Bracket and MVP Voting tabs (and the next-match note) load when shown: their code never weighs on the landing, the list or the
// detail page's first load.
const BracketTabImpl = lazy(() => import('./bracket-tab.tsx'));
const MvpTabImpl = lazy(() => import('./mvp-tab.tsx'));
const NextMatchImpl = lazy(() => import('./next-match-note.tsx'));
const BracketViewImpl = lazy(() => import('./bracket-view.tsx'));

const fallbackClass = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l3', height: '48', mt: '2' });

function TabFallback({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <div className={fallbackClass} aria-hidden="true" />
    </div>
  );
}

export function BracketTab(props: BracketTabProps) {
  return (
    <Suspense fallback={<TabFallback label="Loading bracket" />}>
      <BracketTabImpl {...props} />
    </Suspense>
  );
}

export function MvpTab(props: MvpTabProps) {
  return (
    <Suspense fallback={<TabFallback label="Loading players" />}>
      <MvpTabImpl {...props} />
    </Suspense>
  );
}

/** Where a signed-in entrant plays next (Registration tab of a live tournament); nothing while it loads. */
export function NextMatchNote(props: { tournamentId: number }) {
  return (
    <Suspense fallback={null}>
      <NextMatchImpl {...props} />
    </Suspense>
  );
}

/**
 * A completed tournament's bracket drawn by the Bracket tab's own component (its round names, cards and scores):
 * the archive's details dialog shows it. Loaded when shown.
 */
export function ArchivedBracket({ matches }: { matches: readonly BracketMatch[] }) {
  return (
    <Suspense fallback={<TabFallback label="Loading bracket" />}>
      <BracketViewImpl matches={matches} finished now={new Date()} />
    </Suspense>
  );
}
