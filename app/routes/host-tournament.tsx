import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { userQueryOptions } from '../features/auth/queries.ts';
import { HostTournamentPage } from '../features/hosting/components/host-tournament-page.tsx';
import { VerifiedOnly } from '../features/hosting/components/verified-only.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

// Host a Tournament (001 s2, s5, s9; D10): verified members only; guests and everyone else see the gate.
export const Route = createFileRoute('/host-tournament')({
  beforeLoad: async ({ context }) => ({ user: await context.queryClient.ensureQueryData(userQueryOptions) }),
  component: HostTournamentRoute,
});

function HostTournamentRoute() {
  const router = useRouter();
  const navigate = Route.useNavigate();
  const { data: user } = useSuspenseQuery(userQueryOptions);
  const back = () => (window.history.length > 1 ? router.history.back() : void navigate({ to: '/' }));
  if (!user?.isVerified) {
    return (
      <>
        <DocumentTitle>Verified Users Only | WTA League</DocumentTitle>
        <VerifiedOnly onBack={back} />
      </>
    );
  }
  return (
    <>
      <DocumentTitle>Host a Tournament | WTA League</DocumentTitle>
      <HostTournamentPage onSubmitted={() => void navigate({ to: '/dashboard' })} onCancel={back} />
    </>
  );
}
