import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { userQueryOptions } from '../features/auth/queries.ts';
import { MessagesPage } from '../features/messages/components/messages-page.tsx';
import { useOutbox } from '../lib/use-outbox.ts';
import type { ValidatedSearch } from '../lib/search-params.ts';
import { SIGN_IN_REDIRECT_DELAY_MS } from '../ui/sign-in-redirect.tsx';
import { toastShown } from '../ui/toast.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

interface MessagesSearch {
  with?: string;
}

// Messages (001 s2): signed-in only; `?with=` opens a conversation (on a phone, the thread's own screen).
export const Route = createFileRoute('/messages')({
  validateSearch: (search: Record<string, unknown>): MessagesSearch => {
    const id = typeof search.with === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(search.with) ? search.with : undefined;
    return { with: id } satisfies ValidatedSearch<MessagesSearch>;
  },
  component: MessagesRoute,
});

function MessagesRoute() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  const search = Route.useSearch();
  const outbox = useOutbox(user?.id);
  return (
    <>
      <DocumentTitle>Messages | WTA League</DocumentTitle>
      {user ? (
        <MessagesPage me={user.id} withId={search.with ?? null} outboxEntries={outbox.entries} />
      ) : (
        <LeaveForHome />
      )}
    </>
  );
}

/** 001 s2: a signed-out visitor is told 'Unauthorized / Please log in to view messages' and sent to /. */
function LeaveForHome() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void toastShown({ title: 'Unauthorized', description: 'Please log in to view messages', variant: 'destructive' })
      .then(() => new Promise((resolve) => setTimeout(resolve, SIGN_IN_REDIRECT_DELAY_MS)))
      .then(() => navigate({ to: '/' }));
  }, [navigate]);
  return (
    <p role="status" style={{ padding: '2rem', textAlign: 'center' }}>
      Please log in to view messages
    </p>
  );
}
