import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { userQueryKey, userQueryOptions } from '../features/auth/queries.ts';
import { ProfileCompletion } from '../features/profile/components/profile-completion.tsx';
import { toast } from '../ui/toast.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by a screen that has already told the guest why they must log in (e.g. Register on a tournament). */
    authPrompted?: boolean;
  }
}

export const Route = createFileRoute('/register')({
  beforeLoad: async ({ context, preload, location }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions);
    if (!user) {
      // A hover preload must not announce anything; only a real visit does, and only once (the sender may have).
      if (!preload && !location.state.authPrompted) {
        toast({ title: 'Authentication Required', description: 'Please log in to register for WTA', variant: 'destructive' });
      }
      throw redirect({ to: '/auth', search: { tab: 'register' } });
    }
  },
  component: RegisterPage,
});

function RegisterPage() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  const queryClient = useQueryClient();
  const router = useRouter();
  if (!user) return null;
  return (
    <>
      <DocumentTitle>Choose Your Path | WTA League</DocumentTitle>
      <ProfileCompletion
        initial={user}
        onCompleted={async () => {
          await queryClient.invalidateQueries({ queryKey: userQueryKey });
          await router.navigate({ href: '/dashboard' });
        }}
      />
    </>
  );
}
