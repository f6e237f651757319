import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { css } from '../../styled-system/css';
import { userQueryOptions } from '../features/auth/queries.ts';
import { DoorScreen } from '../features/door/components/door-screen.tsx';
import { doorTournamentsQueryOptions } from '../features/door/queries.ts';
import { OutboxStatus } from '../features/outbox/components/outbox-status.tsx';
import { AccessDeniedPage } from '../features/status-pages/components/access-denied-page.tsx';
import { getErrorStatus } from '../lib/api-client.ts';
import type { ValidatedSearch } from '../lib/search-params.ts';
import { leaveForSignIn } from '../ui/sign-in-redirect.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

interface DoorSearch {
  /** The tournament whose door is open; absent: the picker. */
  tournament?: number;
}

// D26: the door check-in, for admins (D6) and a tournament's host. A guest goes to sign in and comes back here; a
// member who runs no door sees Access Denied (the API's 403 decides, the screen only shows it).
export const Route = createFileRoute('/door')({
  validateSearch: (search: Record<string, unknown>): DoorSearch => {
    const id = Number(search.tournament);
    return { tournament: Number.isSafeInteger(id) && id > 0 ? id : undefined } satisfies ValidatedSearch<DoorSearch>;
  },
  beforeLoad: async ({ context, preload }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions);
    if (!user && !preload) await leaveForSignIn('/door');
  },
  component: DoorRoute,
});

const noticeClass = css({ px: '4', py: '8', textAlign: 'center' });

function DoorRoute() {
  const { tournament } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: user } = useSuspenseQuery(userQueryOptions);
  const tournaments = useQuery(doorTournamentsQueryOptions);
  if (!user) return null;
  const loading = (text: string) => (
    <p className={noticeClass} role="status">
      {text}
    </p>
  );
  return (
    <>
      <DocumentTitle>Door Check-In | WTA League</DocumentTitle>
      {tournaments.data ? (
        <DoorScreen
          userId={user.id}
          isAdmin={user.isAdmin}
          tournaments={tournaments.data}
          tournamentId={tournament}
          onPick={(id) => void navigate({ search: id ? { tournament: id } : {} })}
          outbox={<OutboxStatus userId={user.id} />}
        />
      ) : getErrorStatus(tournaments.error) === 403 ? (
        <AccessDeniedPage signedIn />
      ) : tournaments.isError ? (
        loading('The door could not load its tournaments. Check the connection and try again.')
      ) : (
        loading('Loading the door...')
      )}
    </>
  );
}
