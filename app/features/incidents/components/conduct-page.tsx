import { useQuery } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { myDecisionsQueryOptions } from '../queries.ts';
import { MyDecisions } from './my-decisions.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
  maxWidth: '3xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '12' },
  width: 'full',
});
const titleClass = css({ fontSize: { base: '2xl', md: '4xl' }, fontWeight: 'extrabold' });
const mutedClass = css({ color: 'fg.muted' });

/**
 * `/conduct` (D24): the decisions about the visitor's account and their one appeal. A signed-in member reaches them
 * from the dashboard too; a suspended or banned member, who may not sign in, arrives here from the refused sign-in
 * with the appeal pass the server gave them for proving who they are.
 */
export function ConductPage() {
  const query = useQuery(myDecisionsQueryOptions);
  return (
    <div className={pageClass}>
      <h1 className={titleClass}>Your Conduct Decisions</h1>
      <p className={mutedClass}>
        Decisions follow the <TextLink href="/code-of-conduct">Code of Conduct</TextLink>: you may appeal each one once,
        within 7 days.
      </p>
      {query.isPending ? (
        <p role="status">Loading decisions…</p>
      ) : query.isError ? (
        <Alert tone="danger" title="Could not load your decisions" role="alert">
          Check your connection and try again.
        </Alert>
      ) : query.data === null ? (
        <Alert tone="neutral" title="Sign in to see the decisions about your account" icon={<Scale />}>
          <p>
            A suspended or banned member signs in as usual: sign-in is refused, and this page then opens for 30 minutes.
          </p>
          <LinkButton href="/auth?returnTo=%2Fconduct" size="sm" variant="outline" className={css({ mt: '2' })}>
            Sign In
          </LinkButton>
        </Alert>
      ) : query.data.length === 0 ? (
        <p>There are no conduct decisions about your account.</p>
      ) : (
        <MyDecisions />
      )}
    </div>
  );
}
