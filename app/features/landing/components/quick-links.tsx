import { ChevronRight, LogOut } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { AppLink } from '../../../ui/app-link.tsx';
import { quickLinks, type LandingUser } from '../landing-links.ts';

// Phones only: wider screens have the full top bar.
const navClass = css({ display: { base: 'block', md: 'none' } });
const listClass = css({
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  '& > li + li': { borderTopWidth: '1px', borderColor: 'border.default' },
});
const rowClass = css({
  alignItems: 'center',
  background: 'bg.default',
  color: 'fg.default',
  cursor: 'pointer',
  display: 'flex',
  fontWeight: 'bold',
  justifyContent: 'space-between',
  minHeight: '12',
  px: '4',
  textAlign: 'start',
  textDecoration: 'none',
  width: 'full',
  _hover: { background: 'accent.a3' },
  _disabled: { cursor: 'not-allowed', opacity: 0.6 },
  '& svg': { color: 'fg.muted', height: '5', width: '5' },
});

/** The landing page's simpler mobile list (000 s2). */
export function QuickLinks({
  user,
  onLogout,
  loggingOut,
}: {
  user: LandingUser | null;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  return (
    <nav aria-label="Quick links" className={navClass}>
      <ul className={listClass}>
        {quickLinks(user).map((link) => (
          <li key={link.href}>
            <AppLink href={link.href} className={rowClass}>
              {link.label}
              <ChevronRight aria-hidden="true" />
            </AppLink>
          </li>
        ))}
        {user ? (
          <li>
            <button type="button" className={rowClass} onClick={onLogout} disabled={loggingOut}>
              Logout
              <LogOut aria-hidden="true" />
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
