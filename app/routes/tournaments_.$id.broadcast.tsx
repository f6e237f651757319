import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { BroadcastView } from '../features/competition/components/lazy-broadcast.tsx';
import { tournamentQueryOptions } from '../features/tournaments/queries.ts';
import { themeSearch } from '../lib/color-scheme.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

// D45 (ADR 075): the full-screen view for streams, without the site's header and footer. Not nested under
// /tournaments/$id, whose page has no outlet.
export const Route = createFileRoute('/tournaments_/$id/broadcast')({
  staticData: { bare: true },
  component: BroadcastPage,
});

function BroadcastPage() {
  const { id } = Route.useParams();
  const { theme } = themeSearch(Route.useSearch());
  const { data: tournament } = useSuspenseQuery(tournamentQueryOptions(id));
  return (
    <>
      <DocumentTitle>{`${tournament.title} broadcast | WTA League`}</DocumentTitle>
      <BroadcastView tournament={tournament} theme={theme} />
    </>
  );
}
