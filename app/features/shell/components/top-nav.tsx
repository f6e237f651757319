import { useRouterState } from '@tanstack/react-router';
import { LayoutDashboard, LogOut, Menu as MenuIcon, Search, Shield } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import { AppLink } from '../../../ui/app-link.tsx';
import { NavMenu, NavMenuLink } from '../../../ui/nav-menu.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { accountLinks, homeLink, isCurrent, searchLink, topNavMenus, type NavGroup, type NavUser } from '../nav-items.ts';
import { Logo } from './logo.tsx';
import type { MobileMenuProps } from './mobile-menu.tsx';
import { NotificationsLink } from './notifications-link.tsx';
import { labelledIconLayout, responsiveLabel } from './responsive-label.ts';

// The mobile menu (a modal sheet) is loaded on first open: desktop visitors never pay for it. Not through lazy() and
// Suspense: React reveals a suspended part in a retry, the lowest of its priorities, below the transitions every
// countdown's tick starts; on a busy phone showing a page of countdowns the ticks kept coming first and the menu
// never opened (issue 36, e2e/dialogs.spec.ts). Held in state once loaded, it renders at the default priority.
type MobileMenuComponent = ComponentType<MobileMenuProps>;

export interface ShellProps {
  user: (NavUser & { firstName: string }) | null;
  onLogout: () => void;
  loggingOut: boolean;
}

const headerClass = css({
  background: 'inverse.bg',
  borderBottomWidth: '3px',
  borderColor: 'inverse.accent',
  color: 'inverse.fg',
  position: 'sticky',
  top: '0',
  zIndex: 'sticky',
});
const barClass = css({
  alignItems: 'center',
  display: 'flex',
  gap: '1',
  height: '16',
  maxWidth: '7xl',
  mx: 'auto',
  px: { base: '3', md: '4' },
});
// The full bar, with the captions of its icon controls, needs about 1100 px when signed in as an admin; below xl
// (1280 px) the menu button takes over, and its menu names every link.
const desktopOnly = css({ display: { base: 'none', xl: 'flex' }, alignItems: 'center', gap: '1' });
const mobileOnly = css({ display: { base: 'inline-flex', xl: 'none' } });
const rightClass = css({ alignItems: 'center', display: 'flex', gap: '1', ml: 'auto' });
const iconLinkClass = cx(button({ variant: 'inverse', size: 'sm' }), labelledIconLayout);
const navTextClass = cx(button({ variant: 'inverse', size: 'sm' }), css({ px: '3' }));

function NavMenuDropdown({ menu, pathname, search }: { menu: NavGroup; pathname: string; search: string }) {
  return (
    <NavMenu label={menu.label} triggerClassName={css({ px: '3' })}>
      {menu.links.map((link) => (
        <NavMenuLink
          key={link.href}
          href={link.href}
          aria-current={isCurrent(link, pathname, search) ? 'page' : undefined}
        >
          {link.label}
        </NavMenuLink>
      ))}
    </NavMenu>
  );
}

/** The top navigation bar of 000 s2. */
export function TopNav({ user, onLogout, loggingOut }: ShellProps) {
  const { pathname, search } = useRouterState({
    select: (state) => ({ pathname: state.location.pathname, search: state.location.searchStr }),
    structuralSharing: true,
  });
  const [mobileOpen, setMobileOpen] = useState(false);
  // Stays mounted after the first open so closing can animate and hand focus back to the menu button.
  const [MobileMenu, setMobileMenu] = useState<MobileMenuComponent | null>(null);
  const menus = topNavMenus(user);
  const account = accountLinks(user);
  const current = (href: string) => (isCurrent({ label: '', href }, pathname, search) ? ('page' as const) : undefined);

  return (
    <header className={headerClass}>
      <nav aria-label="Main" className={barClass}>
        <Logo />
        <div className={desktopOnly}>
          {menus.before.map((menu) => (
            <NavMenuDropdown key={menu.label} menu={menu} pathname={pathname} search={search} />
          ))}
          <AppLink href={homeLink.href} className={navTextClass} aria-current={current(homeLink.href)}>
            {homeLink.label}
          </AppLink>
          {menus.after.map((menu) => (
            <NavMenuDropdown key={menu.label} menu={menu} pathname={pathname} search={search} />
          ))}
        </div>
        <div className={rightClass}>
          <AppLink href={searchLink.href} className={iconLinkClass} aria-current={current(searchLink.href)}>
            <Search aria-hidden="true" />
            <span className={responsiveLabel}>{searchLink.label}</span>
          </AppLink>
          {user ? (
            <>
              <AppLink
                href="/dashboard"
                className={cx(iconLinkClass, desktopOnly)}
                aria-current={current('/dashboard')}
              >
                <LayoutDashboard aria-hidden="true" />
                <span className={responsiveLabel}>Dashboard</span>
              </AppLink>
              <NotificationsLink current={current('/messages') === 'page'} />
              {account.some((link) => link.href === '/admin') ? (
                <AppLink href="/admin" className={cx(iconLinkClass, desktopOnly)} aria-current={current('/admin')}>
                  <Shield aria-hidden="true" />
                  <span className={responsiveLabel}>Admin</span>
                </AppLink>
              ) : null}
              <button
                type="button"
                className={cx(iconLinkClass, desktopOnly)}
                onClick={onLogout}
                disabled={loggingOut}
              >
                <LogOut aria-hidden="true" />
                <span className={responsiveLabel}>Logout</span>
              </button>
            </>
          ) : (
            <>
              <AppLink href="/auth" className={cx(navTextClass, desktopOnly)} aria-current={current('/auth')}>
                Login
              </AppLink>
              <AppLink
                href="/register"
                className={cx(button({ variant: 'gold', size: 'sm' }), desktopOnly)}
                aria-current={current('/register')}
              >
                Register
              </AppLink>
            </>
          )}
          <button
            type="button"
            className={cx(button({ variant: 'inverse', size: 'icon' }), mobileOnly)}
            aria-haspopup="dialog"
            aria-expanded={mobileOpen}
            onClick={() => {
              setMobileOpen(true);
              // A chunk that fails to load (no signal, nothing cached) closes it again; the next tap asks again.
              if (!MobileMenu) {
                void import('./mobile-menu.tsx').then(
                  (module) => setMobileMenu(() => module.default),
                  () => setMobileOpen(false),
                );
              }
            }}
          >
            <MenuIcon aria-hidden="true" />
            <VisuallyHidden>Open menu</VisuallyHidden>
          </button>
        </div>
      </nav>
      {MobileMenu ? (
        <MobileMenu open={mobileOpen} onOpenChange={setMobileOpen} user={user} onLogout={onLogout} loggingOut={loggingOut} />
      ) : null}
    </header>
  );
}
