import { Home } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { LinkButton } from '../../../ui/link-button.tsx';

const wrapClass = css({
  alignItems: 'center',
  display: 'flex',
  flex: '1',
  flexDirection: 'column',
  gap: '4',
  justifyContent: 'center',
  px: '4',
  py: '20',
  textAlign: 'center',
});
const codeClass = css({
  color: 'verified.text',
  fontFamily: 'display',
  fontSize: { base: '7xl', md: '9xl' },
  fontWeight: 'black',
  lineHeight: 'none',
});
const titleClass = css({ fontSize: { base: '2xl', md: '4xl' }, fontWeight: 'extrabold' });
const textClass = css({ color: 'fg.muted', textStyle: 'lg' });

/** Any path outside the route table (000 s2). */
export function NotFoundPage() {
  return (
    <section className={wrapClass} aria-labelledby="not-found-title">
      <p className={codeClass}>404</p>
      <h1 id="not-found-title" className={titleClass}>
        Page Not Found
      </h1>
      <p className={textClass}>The page you're looking for doesn't exist</p>
      <LinkButton href="/" size="lg">
        <Home aria-hidden="true" />
        Go Home
      </LinkButton>
    </section>
  );
}
