import { lazy, Suspense } from 'react';
import type { BracketMatch } from '../../../../edge/features/competition/schema.ts';
import { lazyPanel, PanelSuspense } from '../../../ui/lazy-panel.tsx';

// The Bracket and MVP Voting tabs (and the next-match note) load when shown: their code never weighs on the landing, the list or the
// detail page's first load.
const BracketTabImpl = lazy(() => import('./bracket-tab.tsx'));
const MvpTabImpl = lazy(() => import('./mvp-tab.tsx'));
const NextMatchImpl = lazy(() => import('./next-match-note.tsx'));
const BracketViewImpl = lazy(() => import('./bracket-view.tsx'));

export const BracketTab = lazyPanel(BracketTabImpl, 'Loading bracket');
export const MvpTab = lazyPanel(MvpTabImpl, 'Loading players');

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
    <PanelSuspense label="Loading bracket">
      <BracketViewImpl matches={matches} finished now={new Date()} />
    </PanelSuspense>
  );
}
