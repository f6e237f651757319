import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { userQueryOptions } from '../features/auth/queries.ts';
import { BracketTab, MvpTab, NextMatchNote } from '../features/competition/components/lazy-tabs.tsx';
import { ErrorScreen } from '../features/shell/components/error-screen.tsx';
import { FetchError } from '../features/tournaments/components/fetch-error.tsx';
import { TournamentDetail } from '../features/tournaments/components/tournament-detail.tsx';
import { TournamentDetailSkeleton } from '../features/tournaments/components/tournament-detail-skeleton.tsx';
import { tournamentQueryOptions } from '../features/tournaments/queries.ts';
import { mayManageTournament } from '../features/tournaments/cancellation-and-host.ts';
import { getErrorStatus } from '../lib/api-client.ts';
import { tournamentPreview } from '../features/tournaments/tournament-preview.ts';
import { pageMeta } from '../lib/page-head.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

/** Tournament ids are positive integers; anything else names no tournament (the API agrees). */
const ID_PATTERN = /^[1-9][0-9]{0,14}$/;

export const Route = createFileRoute('/tournaments/$id')({
  loader: async ({ context, params }) => {
    if (!ID_PATTERN.test(params.id)) throw notFound();
    try {
      return await context.queryClient.ensureQueryData(tournamentQueryOptions(params.id));
    } catch (error) {
      if (getErrorStatus(error) === 404) throw notFound();
      throw error;
    }
  },
  // The link preview (issue 12): flyer, title, date, place and prize pool.
  head: ({ loaderData }) => ({ meta: loaderData ? pageMeta(tournamentPreview(loaderData)) : [] }),
  pendingComponent: TournamentDetailSkeleton,
  errorComponent: TournamentError,
  component: TournamentPage,
});

function TournamentPage() {
  const { id } = Route.useParams();
  const router = useRouter();
  const { data: tournament } = useSuspenseQuery(tournamentQueryOptions(id));
  const { data: user } = useSuspenseQuery(userQueryOptions);
  const goToRegister = () => void router.navigate({ to: '/register', state: { authPrompted: true } });
  // The competition's tabs are composed here: features never import each other.
  return (
    <>
      <DocumentTitle>{`${tournament.title} | WTA League`}</DocumentTitle>
      <TournamentDetail
        tournament={tournament}
        viewer={
          user
            ? { id: user.id, role: user.role, isVerified: user.isVerified, foreignAdmin: user.hasAdminRole && !user.isAdmin }
            : null
        }
        onGuestRedirect={goToRegister}
        bracket={
          <BracketTab tournament={tournament} canManage={mayManageTournament(tournament, user)} signedIn={user !== null} userId={user?.id ?? null} />
        }
        mvp={
          <MvpTab
            tournamentId={tournament.id}
            signedIn={user !== null}
            isAdmin={user?.isAdmin ?? false}
            onGuestRedirect={goToRegister}
          />
        }
        nextMatch={user ? <NextMatchNote tournamentId={tournament.id} /> : null}
      />
    </>
  );
}

/** 000 s8: a failed tournament fetch says so with the server's message; any other page error is the error screen. */
function TournamentError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (getErrorStatus(error) === undefined) return <ErrorScreen error={error} />;
  return (
    <div style={{ width: '100%', maxWidth: '48rem', margin: '0 auto', padding: '3rem 1rem' }}>
      <DocumentTitle>Tournament | WTA League</DocumentTitle>
      <FetchError
        title="Failed to fetch tournament"
        error={error}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </div>
  );
}
