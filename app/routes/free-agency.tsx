import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { userQueryOptions } from '../features/auth/queries.ts';
import { FanUpgradeNotice } from '../features/free-agency/components/fan-upgrade-notice.tsx';
import { FreeAgencyPage } from '../features/free-agency/components/free-agency-page.tsx';
import { parsePoolSearch, type PoolSearch } from '../features/free-agency/free-agency-display.ts';
import { myTeamsQueryOptions } from '../features/teams/queries.ts';
import { SignInRedirect } from '../ui/sign-in-redirect.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

// The Free Agency Pool (000 s2): players and owners (D37: from their team page) browse; fans see the upgrade notice.
export const Route = createFileRoute('/free-agency')({
  validateSearch: (search: Record<string, unknown>): PoolSearch => parsePoolSearch(search),
  beforeLoad: async ({ context }) => ({ user: await context.queryClient.ensureQueryData(userQueryOptions) }),
  loaderDeps: ({ search }) => search,
  // The queries load with the page's own code, not with every page's first load (issue 12's size budget).
  loader: async ({ context, deps }) => {
    const { queryClient, user } = context;
    if (!user || user.role === 'fan') return;
    const { freeAgencyQueryOptions, sentInvitesQueryOptions } = await import('../features/free-agency/queries.ts');
    void queryClient.prefetchInfiniteQuery(freeAgencyQueryOptions(deps));
    if (user.role === 'owner') {
      void queryClient.prefetchQuery(myTeamsQueryOptions);
      void queryClient.prefetchQuery({ ...sentInvitesQueryOptions, staleTime: 0 });
    }
  },
  component: FreeAgencyRoute,
});

function FreeAgencyRoute() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  if (!user) return <SignInRedirect heading="Free Agency Pool" returnTo="/free-agency" />;
  return (
    <>
      <DocumentTitle>Free Agency | WTA League</DocumentTitle>
      {user.role === 'fan' ? <FanUpgradeNotice /> : <Pool owner={user.role === 'owner'} />}
    </>
  );
}

function Pool({ owner }: { owner: boolean }) {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const teams = useQuery({ ...myTeamsQueryOptions, enabled: owner });
  // An owner invites to the team the team page's link named, else their first (the API gives an owner one team).
  const team = teams.data ? teams.data.find((t) => t.id === filters.team) ?? teams.data[0] ?? null : undefined;
  const onFiltersChange = useCallback(
    // Merged into the latest address (the team link's `team` kept), so a filter chosen while another still loads
    // keeps both.
    (patch: Partial<PoolSearch>) =>
      void navigate({ search: (latest) => ({ ...latest, ...patch }), replace: true, resetScroll: false }),
    [navigate],
  );
  return (
    <FreeAgencyPage
      filters={filters}
      onFiltersChange={onFiltersChange}
      inviteTeam={owner ? (team === undefined ? undefined : team && { id: team.id, name: team.name }) : undefined}
    />
  );
}
