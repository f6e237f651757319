import { AlertTriangle, RotateCw, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { DocumentTitle } from '../../../ui/document-title.tsx';

// The pieces both profiles share: the page frame, sections, figures, and the not-found and error states.

export const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '8', md: '10' },
  maxWidth: '6xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
export const headerClass = css({
  alignItems: { base: 'flex-start', md: 'center' },
  display: 'flex',
  flexDirection: { base: 'column', md: 'row' },
  gap: { base: '4', md: '6' },
});
export const headInfoClass = css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: '0' });
export const nameClass = css({
  fontFamily: 'display',
  fontSize: { base: '3xl', md: '5xl' },
  fontWeight: 'black',
  lineHeight: 'tight',
  overflowWrap: 'anywhere',
  textTransform: 'uppercase',
});
export const taglineClass = css({ color: 'fg.muted', fontStyle: 'italic', textStyle: { base: 'md', md: 'lg' } });
export const badgeRowClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '2' });
export const factsClass = css({
  alignItems: 'center',
  color: 'fg.muted',
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '4',
  rowGap: '2',
  '& > span, & > a': { alignItems: 'center', display: 'inline-flex', gap: '1.5' },
  '& svg': { flexShrink: '0', height: '4', width: '4' },
});
const statsClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(5, minmax(0, 1fr))',
  },
});
const statClass = css({
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: '0.5',
  p: '4',
});
const statLabelClass = css({ color: 'fg.muted', fontWeight: 'semibold', textStyle: 'sm' });
const statValueClass = css({
  fontSize: { base: '2xl', md: '3xl' },
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 'black',
});
const sectionTitleClass = css({
  fontFamily: 'display',
  fontSize: { base: '2xl', md: '3xl' },
  fontWeight: 'black',
  textTransform: 'uppercase',
});
export const emptyClass = css({
  background: 'bg.subtle',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderStyle: 'dashed',
  borderWidth: '1px',
  color: 'fg.muted',
  px: '4',
  py: '6',
  textAlign: 'center',
});

/** The figures of a profile as a description list (label, then value for screen readers). */
export function Stats({ label, items }: { label: string; items: Array<[string, string | number]> }) {
  return (
    <dl className={statsClass} aria-label={label}>
      {items.map(([name, value]) => (
        <div key={name} className={statClass}>
          <dt className={statLabelClass}>{name}</dt>
          <dd className={statValueClass}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' })}
    >
      <h2 id={id} className={sectionTitleClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}

const notFoundClass = css({
  alignItems: 'center',
  display: 'flex',
  flex: '1',
  flexDirection: 'column',
  gap: '4',
  justifyContent: 'center',
  px: '4',
  py: '20',
  textAlign: 'center',
  '& > svg': { color: 'fg.muted', height: '12', width: '12' },
});

/** 001 s2: 'Player not found' with a link to /free-agency; 'Team not found' with a link to /tournaments. */
export function ProfileNotFound({ what }: { what: 'player' | 'team' }) {
  const title = what === 'player' ? 'Player not found' : 'Team not found';
  return (
    <section className={notFoundClass} aria-labelledby="profile-not-found">
      <DocumentTitle>{`${title} | WTA League`}</DocumentTitle>
      <SearchX aria-hidden="true" />
      <h1 id="profile-not-found" className={css({ fontSize: { base: '2xl', md: '4xl' }, fontWeight: 'extrabold' })}>
        {title}
      </h1>
      {what === 'player' ? (
        <LinkButton href="/free-agency" size="lg">
          Browse Free Agents
        </LinkButton>
      ) : (
        <LinkButton href="/tournaments" size="lg">
          View Tournaments
        </LinkButton>
      )}
    </section>
  );
}

/** 000 s8: a failed fetch names what failed, with the server's message when there is one, and Try Again. */
export function ProfileError({
  what,
  error,
  onRetry,
}: {
  what: 'player' | 'team';
  error: unknown;
  onRetry: () => void;
}) {
  const message = getErrorMessage(error);
  return (
    <div className={pageClass}>
      <DocumentTitle>{what === 'player' ? 'Player | WTA League' : 'Team | WTA League'}</DocumentTitle>
      <Alert role="alert" tone="danger" title={`Failed to fetch ${what}`} icon={<AlertTriangle />}>
        {message ? <p>{message}</p> : null}
        <Button className={css({ mt: '2' })} variant="outline" tone="danger" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Try Again
        </Button>
      </Alert>
    </div>
  );
}
