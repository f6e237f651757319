import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { userQueryKey, userQueryOptions } from '../features/auth/queries.ts';
import { ProfileCompletion } from '../features/profile/components/profile-completion.tsx';
import { toast } from '../ui/toast.tsx';

export const Route = createFileRoute('/register')({
  beforeLoad: async ({ context, preload }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions);
    if (!user) {
      // A hover preload must not announce anything; only a real visit does.
      if (!preload) {
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
      <title>Choose Your Path | WTA League</title>
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
