import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ACCESS_RESTRICTED } from '../../edge/features/verified-dashboard/schema.ts';
import { userQueryOptions } from '../features/auth/queries.ts';
import { GateRedirect } from '../features/media-day/components/gate-redirect.tsx';
import { VerifiedDashboardPage } from '../features/verified-dashboard/components/verified-dashboard-page.tsx';
import { SignInRedirect } from '../ui/sign-in-redirect.tsx';
import type { ToastInput } from '../ui/toast.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

const RESTRICTED: ToastInput = { ...ACCESS_RESTRICTED, variant: 'destructive' };

// 001 s2, D32: verified members only; everyone else is told 'Access Restricted' and sent to /dashboard.
export const Route = createFileRoute('/verified-dashboard')({
  beforeLoad: async ({ context }) => ({ user: await context.queryClient.ensureQueryData(userQueryOptions) }),
  component: VerifiedDashboardRoute,
});

function VerifiedDashboardRoute() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  return (
    <>
      <DocumentTitle>Verified Dashboard | WTA League</DocumentTitle>
      {!user ? (
        <SignInRedirect heading="Verified Dashboard" returnTo="/verified-dashboard" />
      ) : user.isVerified ? (
        <VerifiedDashboardPage user={user} />
      ) : (
        <GateRedirect heading="Verified Dashboard" notice={RESTRICTED} />
      )}
    </>
  );
}
