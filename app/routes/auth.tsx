import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AuthScreen, type AuthTab } from '../features/auth/components/auth-screen.tsx';
import { userQueryOptions } from '../features/auth/queries.ts';

interface AuthSearch {
  tab?: AuthTab;
  returnTo?: string;
}

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): AuthSearch => ({
    ...(search.tab === 'register' || search.tab === 'login' ? { tab: search.tab } : {}),
    // Kept as given; the login form follows it only when it is a same-site path (lib/return-path.ts).
    ...(typeof search.returnTo === 'string' ? { returnTo: search.returnTo } : {}),
  }),
  component: AuthPage,
});

function AuthPage() {
  const { tab = 'login', returnTo } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: user } = useSuspenseQuery(userQueryOptions);
  return (
    <>
      <title>{tab === 'register' ? 'Register | WTA League' : 'Login | WTA League'}</title>
      <AuthScreen
        tab={tab}
        returnTo={returnTo}
        user={user}
        onTabChange={(next) => void navigate({ search: (prev) => ({ ...prev, tab: next }), replace: true })}
      />
    </>
  );
}
