import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { userQueryKey, userQueryOptions } from '../features/auth/queries.ts';
import { WaiverForm } from '../features/waiver/components/waiver-form.tsx';
import { WaiverSigned } from '../features/waiver/components/waiver-signed.tsx';
import { WaiverLoading, WaiverSignInRedirect, WaiverStatusError } from '../features/waiver/components/waiver-states.tsx';
import { waiverStatusQueryKey, waiverStatusQueryOptions } from '../features/waiver/queries.ts';
import { getErrorMessage } from '../lib/api-client.ts';
import { toast } from '../ui/toast.tsx';

/** 000 s9: the wait between the success toast and /tournaments. */
const AFTER_SIGNING_MS = 2000;
const LOGIN_URL = '/api/login?returnTo=/waiver';

export const Route = createFileRoute('/waiver')({
  beforeLoad: async ({ context, preload }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions);
    if (!user) {
      // 000 s2: a full-page redirect to /api/login (which sends the browser to /auth and back here afterwards).
      if (!preload) window.location.assign(LOGIN_URL);
      return;
    }
    if (user.role === 'fan') {
      if (!preload) {
        toast({
          title: 'Registration Required',
          description: 'Please register as a Player or Team Owner to sign the waiver.',
          variant: 'destructive',
        });
      }
      throw redirect({ to: '/auth', search: { tab: 'register' } });
    }
  },
  loader: ({ context }) => {
    if (context.queryClient.getQueryData(userQueryKey)) void context.queryClient.prefetchQuery(waiverStatusQueryOptions);
  },
  component: WaiverPage,
});

function WaiverPage() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  const canSign = Boolean(user) && user?.role !== 'fan';
  const status = useQuery({ ...waiverStatusQueryOptions, enabled: canSign });
  const queryClient = useQueryClient();
  const router = useRouter();
  const [justSigned, setJustSigned] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const content = (() => {
    if (!user) return <WaiverSignInRedirect />;
    if (!canSign) return null;
    if (status.isPending) return <WaiverLoading />;
    if (status.isError) {
      return <WaiverStatusError message={getErrorMessage(status.error)} onRetry={() => void status.refetch()} />;
    }
    if (status.data.hasSigned && !justSigned) {
      return <WaiverSigned signedAt={status.data.signedAt} textVersion={status.data.textVersion} />;
    }
    return (
      <WaiverForm
        defaultSignerName={`${user.firstName} ${user.lastName}`.trim()}
        storedDateOfBirth={status.data.dateOfBirth ?? user.dateOfBirth}
        onSigned={() => {
          setJustSigned(true);
          void queryClient.invalidateQueries({ queryKey: waiverStatusQueryKey });
          void queryClient.invalidateQueries({ queryKey: userQueryKey });
          timer.current = setTimeout(() => void router.navigate({ href: '/tournaments' }), AFTER_SIGNING_MS);
        }}
      />
    );
  })();

  return (
    <>
      <title>Liability Waiver | WTA League</title>
      {content}
    </>
  );
}
