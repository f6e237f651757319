import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { userQueryOptions } from '../features/auth/queries.ts';
import { ApplyVerifiedPage } from '../features/verification/components/apply-verified-page.tsx';
import { SignInRedirect } from '../ui/sign-in-redirect.tsx';
import { toast, type ToastInput } from '../ui/toast.tsx';
import { VisuallyHidden } from '../ui/visually-hidden.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

/** 001 s2/s8: a signed-out visitor is told, then sent to sign in after 500 ms. */
const UNAUTHORIZED: ToastInput = {
  title: 'Unauthorized',
  description: 'Please log in to apply for verification.',
  variant: 'destructive',
};

// Apply for Verification (001 s2, D11): signed-in members who are not verified yet.
export const Route = createFileRoute('/apply-verified')({
  beforeLoad: async ({ context }) => ({ user: await context.queryClient.ensureQueryData(userQueryOptions) }),
  // The query loads with the page's own code, not with every page's first load (issue 12's size budget).
  loader: async ({ context }) => {
    const { queryClient, user } = context;
    if (!user || user.isVerified) return;
    const { myApplicationsQueryOptions } = await import('../features/verification/queries.ts');
    void queryClient.prefetchQuery({ ...myApplicationsQueryOptions, staleTime: 0 });
  },
  component: ApplyVerifiedRoute,
});

function ApplyVerifiedRoute() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  return (
    <>
      <DocumentTitle>Apply for Verification | WTA League</DocumentTitle>
      {!user ? (
        <SignInRedirect
          heading="Apply for Verification"
          returnTo="/apply-verified"
          reason={UNAUTHORIZED.description as string}
          notice={UNAUTHORIZED}
        />
      ) : user.isVerified ? (
        <AlreadyVerified />
      ) : (
        <ApplyVerifiedPage role={user.role} />
      )}
    </>
  );
}

/** 001 s2: a verified member is sent to /dashboard with 'Already Verified'. */
function AlreadyVerified() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    // Once per mount, also under StrictMode's double effects.
    if (done.current) return;
    done.current = true;
    toast({ title: 'Already Verified', description: 'You are already a verified member.' });
    void navigate({ to: '/dashboard', replace: true });
  }, [navigate]);
  return <VisuallyHidden role="status">You are already verified. Taking you to your dashboard...</VisuallyHidden>;
}
