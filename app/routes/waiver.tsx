import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { css } from '../../styled-system/css';
import { userQueryKey, userQueryOptions } from '../features/auth/queries.ts';
import { OutboxStatus } from '../features/outbox/components/outbox-status.tsx';
import { useOutbox } from '../lib/use-outbox.ts';
import { WaiverForm } from '../features/waiver/components/waiver-form.tsx';
import { WaiverPendingUpload } from '../features/waiver/components/waiver-pending-upload.tsx';
import { WaiverSigned } from '../features/waiver/components/waiver-signed.tsx';
import { WaiverLoading, WaiverStatusError } from '../features/waiver/components/waiver-states.tsx';
import type { SignedWaiver, WaiverStatus } from '../features/waiver/queries.ts';
import { waiverStatusQueryKey, waiverStatusQueryOptions } from '../features/waiver/status-query.ts';
import { getErrorMessage } from '../lib/api-client.ts';
import { subscribe } from '../lib/outbox-store.ts';
import { SignInRedirect } from '../ui/sign-in-redirect.tsx';
import { toast } from '../ui/toast.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

/** 000 s9: the wait between the success toast and /tournaments. */
const AFTER_SIGNING_MS = 2000;
// Above the form: what this user still has waiting or refused (the wrapper collapses while the outbox is empty).
const outboxOnFormClass = css({ maxWidth: '3xl', mx: 'auto', mt: '8', px: '4', width: 'full', _empty: { display: 'none' } });

export const Route = createFileRoute('/waiver')({
  beforeLoad: async ({ context, preload }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions);
    // 000 s2: a signed-out visitor is sent to sign in (and back here afterwards) by the page itself.
    if (!user) return;
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
  // Issue 5: a waiver signed here waits in the outbox until the server stores it (also after a reload).
  const [submitting, setSubmitting] = useState(false);
  const [queued, setQueued] = useState(false);
  const outbox = useOutbox(canSign ? user?.id : null);
  const waitingWaiver = outbox.entries?.some((e) => e.kind === 'waiver' && e.state !== 'failed') ?? false;
  const pending = queued || (!submitting && !justSigned && waitingWaiver && !status.data?.hasSigned);
  const showingPending = useRef(pending);
  useEffect(() => {
    showingPending.current = pending;
  }, [pending]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Delivered later (the connection came back, here or in the service worker): the server's answer is the status.
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    return subscribe((event) => {
      if (event.type !== 'delivered' || event.kind !== 'waiver' || event.userId !== userId) return;
      const signed = event.response as SignedWaiver | null;
      queryClient.setQueryData<WaiverStatus>(waiverStatusQueryKey, (old) =>
        old ? { ...old, hasSigned: true, signedAt: signed?.receivedAt ?? old.signedAt } : old,
      );
      void queryClient.invalidateQueries({ queryKey: waiverStatusQueryKey });
      // Submit's own success already said so; this is for a waiver that waited.
      if (showingPending.current) {
        toast({ title: 'Waiver Signed Successfully', description: 'Your signed waiver has been uploaded.' });
      }
      setQueued(false);
    });
  }, [userId, queryClient]);

  const content = (() => {
    if (!user) return <SignInRedirect heading="Liability Waiver" returnTo="/waiver" reason="Please sign in to sign the waiver." />;
    if (!canSign) return null;
    if (pending) {
      return (
        <WaiverPendingUpload>
          <OutboxStatus userId={user.id} />
        </WaiverPendingUpload>
      );
    }
    if (status.isPending) return <WaiverLoading />;
    // A failed refresh keeps the last answer (offline at the venue, D16): only without any answer is it an error.
    if (status.data === undefined) {
      return <WaiverStatusError message={getErrorMessage(status.error)} onRetry={() => void status.refetch()} />;
    }
    if (status.data.hasSigned && !justSigned) {
      return <WaiverSigned signedAt={status.data.signedAt} textVersion={status.data.textVersion} />;
    }
    return (
      <>
        <div className={outboxOnFormClass}>{submitting ? null : <OutboxStatus userId={user.id} />}</div>
        <WaiverForm
          userId={user.id}
          onQueued={() => setQueued(true)}
          onSubmitting={setSubmitting}
          defaultSignerName={`${user.firstName} ${user.lastName}`.trim()}
          storedDateOfBirth={status.data.dateOfBirth ?? user.dateOfBirth}
          onSigned={() => {
            setJustSigned(true);
            void queryClient.invalidateQueries({ queryKey: waiverStatusQueryKey });
            void queryClient.invalidateQueries({ queryKey: userQueryKey });
            timer.current = setTimeout(() => void router.navigate({ href: '/tournaments' }), AFTER_SIGNING_MS);
          }}
        />
      </>
    );
  })();

  return (
    <>
      <DocumentTitle>Liability Waiver | WTA League</DocumentTitle>
      {content}
    </>
  );
}
