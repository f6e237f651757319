import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { BracketTab } from '../features/competition/components/lazy-tabs.tsx';
import { EmbedFrame } from '../features/tournaments/components/embed-frame.tsx';
import { tournamentQueryOptions } from '../features/tournaments/queries.ts';
import { themeSearch } from '../lib/color-scheme.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

// D45 (ADR 075): the live bracket alone, for other sites' iframes, the only page any site may frame
// (edge/middleware/security-headers.ts). Public data only: in another site's frame the browser sends no session.
export const Route = createFileRoute('/embed/tournaments/$id/bracket')({
  staticData: { bare: true },
  component: EmbedBracketPage,
});

function EmbedBracketPage() {
  const { id } = Route.useParams();
  const { theme } = themeSearch(Route.useSearch());
  const { data: tournament } = useSuspenseQuery(tournamentQueryOptions(id));
  // The Bracket tab's own component and poll (every 10 s while visible, answered 304 when nothing changed), as a
  // guest: no host buttons, no player reports.
  return (
    <EmbedFrame tournament={tournament} theme={theme}>
      <DocumentTitle>{`${tournament.title} bracket | WTA League`}</DocumentTitle>
      <BracketTab tournament={tournament} canManage={false} />
    </EmbedFrame>
  );
}
