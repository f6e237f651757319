import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AuthScreen, type AuthTab } from '../features/auth/components/auth-screen.tsx';
import { userQueryOptions } from '../features/auth/queries.ts';
import type { ValidatedSearch } from '../lib/search-params.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

interface AuthSearch {
  tab?: AuthTab;
  returnTo?: string;
}

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): AuthSearch =>
    ({
      tab: search.tab === 'register' || search.tab === 'login' ? search.tab : undefined,
      // Kept as given; the login form follows it only when it is a same-site path (lib/return-path.ts).
      returnTo: typeof search.returnTo === 'string' ? search.returnTo : undefined,
    }) satisfies ValidatedSearch<AuthSearch>,
  component: AuthPage,
});

function AuthPage() {
  const { tab = 'login', returnTo } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: user } = useSuspenseQuery(userQueryOptions);
  return (
    <>
      <DocumentTitle>{tab === 'register' ? 'Register | WTA League' : 'Login | WTA League'}</DocumentTitle>
      <AuthScreen
        tab={tab}
        returnTo={returnTo}
        user={user}
        onTabChange={(next) => void navigate({ search: (prev) => ({ ...prev, tab: next }), replace: true })}
      />
    </>
  );
}
