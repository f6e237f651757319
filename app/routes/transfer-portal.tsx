import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { userQueryOptions } from '../features/auth/queries.ts';
import { PortalAccessOnly, TransferPortalPage } from '../features/transfers/components/transfer-portal-page.tsx';
import { SignInRedirect } from '../ui/sign-in-redirect.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

// The Transfer Portal (000 s2, s6; D37): players ask, the deciding owner approves or rejects.
export const Route = createFileRoute('/transfer-portal')({
  beforeLoad: async ({ context }) => ({ user: await context.queryClient.ensureQueryData(userQueryOptions) }),
  // The queries load with the page's own code, not with every page's first load (issue 12's size budget).
  loader: async ({ context }) => {
    const { queryClient, user } = context;
    if (user?.role !== 'player' && user?.role !== 'owner') return;
    const { currentTeamQueryOptions, transfersQueryOptions } = await import('../features/transfers/queries.ts');
    // Decisions change these lists from elsewhere: each visit asks again while the saved answer shows.
    void queryClient.prefetchInfiniteQuery({ ...transfersQueryOptions, staleTime: 0 });
    if (user.role === 'player') void queryClient.prefetchQuery({ ...currentTeamQueryOptions, staleTime: 0 });
  },
  component: TransferPortalRoute,
});

function TransferPortalRoute() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  if (!user) return <SignInRedirect heading="Transfer Portal" returnTo="/transfer-portal" />;
  return (
    <>
      <DocumentTitle>Transfer Portal | WTA League</DocumentTitle>
      {user.role === 'player' || user.role === 'owner' ? <TransferPortalPage role={user.role} /> : <PortalAccessOnly />}
    </>
  );
}
