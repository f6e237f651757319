import { ArrowLeft, Home, LogIn, ShieldX } from 'lucide-react';
import { useRouter } from '@tanstack/react-router';
import { css } from '../../../../styled-system/css';
import { Button } from '../../../ui/button.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { SUPPORT_HREF } from '../site-links.ts';

/** 001 s2: why a page may be closed to the visitor. */
export const ACCESS_DENIED_REASONS = [
  'You need to log in to view this page',
  'This area is for verified members only',
  'This page requires admin privileges',
  'Your account does not have the role this page needs',
] as const;

const wrapClass = css({
  alignItems: 'center',
  display: 'flex',
  flex: '1',
  flexDirection: 'column',
  gap: '5',
  justifyContent: 'center',
  maxWidth: '2xl',
  mx: 'auto',
  px: '4',
  py: { base: '12', md: '20' },
  textAlign: 'center',
});
const iconClass = css({ width: '14', height: '14', color: 'danger.text' });
const codeClass = css({
  color: 'danger.text',
  fontFamily: 'display',
  fontSize: { base: '6xl', md: '8xl' },
  fontWeight: 'black',
  lineHeight: 'none',
});
const titleClass = css({ fontSize: { base: '2xl', md: '4xl' }, fontWeight: 'extrabold' });
const textClass = css({ color: 'fg.muted', textStyle: 'lg' });
const listClass = css({
  listStyleType: 'disc',
  pl: '6',
  textAlign: 'start',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
});
const actionsClass = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: '3',
  width: { base: 'full', sm: 'auto' },
});

export interface AccessDeniedPageProps {
  /** Hides Login to Your Account when the visitor is already signed in (another account may still be the answer). */
  signedIn?: boolean;
}

/**
 * /unauthorized (001 s2), and what a signed-in screen shows to a member it is not for: 403 'Access Denied', the
 * reasons, Login to Your Account (/api/login), Go Back, Return to Homepage and a support link.
 */
export function AccessDeniedPage({ signedIn = false }: AccessDeniedPageProps) {
  const router = useRouter();
  return (
    <section className={wrapClass} aria-labelledby="access-denied-title">
      <ShieldX aria-hidden="true" className={iconClass} />
      <p className={codeClass}>403</p>
      <h1 id="access-denied-title" className={titleClass}>
        Access Denied
      </h1>
      <p className={textClass}>You don&rsquo;t have permission to view this page. This can happen when:</p>
      <ul className={listClass}>
        {ACCESS_DENIED_REASONS.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <div className={actionsClass}>
        {signedIn ? null : (
          <LinkButton href="/api/login" size="lg">
            <LogIn aria-hidden="true" />
            Login to Your Account
          </LinkButton>
        )}
        <Button variant="outline" size="lg" onClick={() => router.history.back()}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
        <LinkButton href="/" variant="outline" size="lg">
          <Home aria-hidden="true" />
          Return to Homepage
        </LinkButton>
      </div>
      <p className={textClass}>
        Think you should have access? <TextLink href={SUPPORT_HREF}>Contact Support</TextLink>
      </p>
    </section>
  );
}
