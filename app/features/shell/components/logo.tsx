import { css } from '../../../../styled-system/css';
import { AppLink } from '../../../ui/app-link.tsx';

const linkClass = css({
  alignItems: 'center',
  borderRadius: 'l2',
  color: 'inverse.fg',
  display: 'inline-flex',
  flexShrink: '0',
  fontFamily: 'display',
  fontSize: 'xl',
  fontWeight: 'black',
  gap: '2',
  letterSpacing: 'tight',
  minHeight: 'touch',
  pr: '2',
  textDecoration: 'none',
  textTransform: 'uppercase',
});

const markClass = css({ width: '9', height: '9', flexShrink: '0' });
const accentClass = css({ color: 'inverse.accent' });

/** The league mark: a gold coin with a W. Its colours are the brand's, fixed on the always-dark top bar. */
function Mark() {
  return (
    <svg className={markClass} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <circle cx="50" cy="50" r="44" fill="none" stroke="currentColor" strokeWidth="7" />
      <path
        d="M25.7 34.7 37.4 68 50 42.8 62.6 68 74.3 34.7"
        fill="none"
        stroke="currentColor"
        strokeWidth="10"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Logo -> / (000 s2). Its accessible name is "WTA League". */
export function Logo() {
  return (
    <AppLink href="/" className={linkClass} aria-label="WTA League">
      <span className={accentClass}>
        <Mark />
      </span>
      <span aria-hidden="true">
        WTA<span className={accentClass}>.</span>
      </span>
    </AppLink>
  );
}
