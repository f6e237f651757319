import { createFileRoute } from '@tanstack/react-router';
import { userQueryOptions } from '../features/auth/queries.ts';
import { MyTickets } from '../features/tickets/components/my-tickets.tsx';
import { myEntryPassesQueryOptions, myTicketsQueryOptions } from '../features/tickets/queries.ts';
import { leaveForSignIn } from '../ui/sign-in-redirect.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

// My Tickets (signed in). A guest goes to sign in and comes back here.
export const Route = createFileRoute('/tickets')({
  beforeLoad: async ({ context, preload }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions);
    // Nothing renders while the browser leaves.
    if (!user && !preload) await leaveForSignIn('/tickets');
  },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myTicketsQueryOptions);
    void context.queryClient.prefetchQuery(myEntryPassesQueryOptions);
  },
  component: () => (
    <>
      <DocumentTitle>My Tickets | WTA League</DocumentTitle>
      <MyTickets />
    </>
  ),
});
