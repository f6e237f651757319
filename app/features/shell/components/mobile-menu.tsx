import { useRouterState } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { AppLink } from '../../../ui/app-link.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { accountLinks, isCurrent, mobileMenuSections } from '../nav-items.ts';
import type { ShellProps } from './top-nav.tsx';

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const headingClass = css({
  color: 'fg.muted',
  fontWeight: 'bold',
  letterSpacing: 'wider',
  textStyle: 'xs',
  textTransform: 'uppercase',
});
const listClass = css({ display: 'flex', flexDirection: 'column' });
const linkClass = css({
  alignItems: 'center',
  borderRadius: 'l2',
  color: 'fg.default',
  display: 'flex',
  fontWeight: 'semibold',
  minHeight: 'touch',
  px: '2',
  textDecoration: 'none',
  _hover: { background: 'accent.a3' },
  '&[aria-current=page]': { background: 'verified.subtle', color: 'verified.text' },
});
const accountClass = css({ display: 'flex', flexDirection: 'column', gap: '2', pt: '2' });

const sectionId = (label: string) => `mobile-menu-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export type MobileMenuProps = ShellProps & { open: boolean; onOpenChange: (open: boolean) => void };

/** The mobile menu: the top bar's links as a sheet, plus the team and player leaderboard views (000 s2). */
export default function MobileMenu({ open, onOpenChange, user, onLogout, loggingOut }: MobileMenuProps) {
  const { pathname, search } = useRouterState({
    select: (state) => ({ pathname: state.location.pathname, search: state.location.searchStr }),
    structuralSharing: true,
  });
  const close = () => onOpenChange(false);
  const account = accountLinks(user);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Menu" placement="end" closeLabel="Close menu">
      <nav aria-label="Mobile" className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
        {mobileMenuSections(user).map((section) => (
          <section key={section.label} className={sectionClass} aria-labelledby={sectionId(section.label)}>
            <h2 id={sectionId(section.label)} className={headingClass}>
              {section.label}
            </h2>
            <ul className={listClass}>
              {section.links.map((link) => (
                <li key={link.href}>
                  <AppLink
                    href={link.href}
                    className={linkClass}
                    aria-current={isCurrent(link, pathname, search) ? 'page' : undefined}
                    onClick={close}
                  >
                    {link.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <div className={accountClass}>
          {account.map((link) => (
            <LinkButton
              key={link.href}
              href={link.href}
              variant={link.href === '/register' ? 'gold' : 'outline'}
              fullWidth
              onClick={close}
              aria-current={isCurrent(link, pathname, search) ? 'page' : undefined}
            >
              {link.label}
            </LinkButton>
          ))}
          {user ? (
            <Button variant="solid" fullWidth onClick={onLogout} disabled={loggingOut}>
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          ) : null}
        </div>
      </nav>
    </Dialog>
  );
}
