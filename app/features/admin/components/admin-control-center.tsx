import { css } from '../../../../styled-system/css';
import { ScanLine } from 'lucide-react';
import type { ReactNode } from 'react';
import { LinkButton } from '../../../ui/link-button.tsx';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs.tsx';
import { adminTabLabel, adminTabs, type AdminTab } from '../admin-access.ts';
import type { AdminMember } from '../members-queries.ts';
import type { AdminViewer } from '../member-display.ts';
import { MediaPanel } from './media-panel.tsx';
import { PendingTournaments } from './pending-tournaments.tsx';
import { PermissionsPanel } from './permissions/permissions-panel.tsx';
import { ContentPanel } from './content-panel.tsx';
import { PaymentsPanel } from './payments-panel.tsx';
import { TournamentManager, type TournamentFormSlot } from './tournament-manager.tsx';
import { panelClass } from './styles.ts';
import { UsersPanel } from './users/users-panel.tsx';
import { WaiverLogPanel } from './waiver-log-panel.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '6', md: '8' },
  maxWidth: '7xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '4xl', md: '6xl' },
  fontWeight: 'black',
  lineHeight: 'none',
  textTransform: 'uppercase',
});
const headerClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const doorClass = css({ alignSelf: 'flex-start' });
const subtitleClass = css({ color: 'fg.muted', textStyle: { base: 'md', md: 'lg' } });
const tabListClass = css({
  display: 'grid',
  gridTemplateColumns: {
    base: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(4, minmax(0, 1fr))',
    xl: 'repeat(8, minmax(0, 1fr))',
  },
});
const tabTriggerClass = css({ px: '2', textStyle: { base: 'sm', sm: 'md' } });

type Slots = Pick<AdminControlCenterProps, 'viewer' | 'tournamentForm' | 'incidents' | 'memberActions'>;

function panelFor(tab: AdminTab, { viewer, tournamentForm, incidents, memberActions }: Slots) {
  switch (tab) {
    case 'tournaments':
      return (
        <div className={panelClass}>
          <TournamentManager renderForm={tournamentForm} />
          <PendingTournaments />
        </div>
      );
    case 'users':
      return <UsersPanel viewer={viewer} memberActions={memberActions} />;
    case 'content':
      return <ContentPanel />;
    case 'permissions':
      return <PermissionsPanel viewer={viewer} />;
    case 'incidents':
      return incidents;
    case 'media':
      return <MediaPanel />;
    case 'payments':
      return <PaymentsPanel />;
    case 'waivers':
      return <WaiverLogPanel />;
  }
}

export interface AdminControlCenterProps {
  tab: AdminTab;
  onTabChange: (tab: AdminTab) => void;
  /** The signed-in admin: their own row is read-only, and super admins manage admin roles (D24). */
  viewer: AdminViewer;
  /** The host form for the tournament manager's create and edit (the hosting feature's, composed by the route). */
  tournamentForm: TournamentFormSlot;
  /** The Incidents tab (the incidents feature's panel, composed by the route). */
  incidents: ReactNode;
  /** Suspend, Ban and Lift on each member row of the Users tab (the incidents feature's, composed by the route). */
  memberActions: (member: AdminMember) => ReactNode;
}

/** The admin control center "Owners Locker Room" (001 s2): eight tabs, the open one kept in the URL by the route. */
export function AdminControlCenter({ tab, onTabChange, ...slots }: AdminControlCenterProps) {
  return (
    <div className={pageClass}>
      <header className={headerClass}>
        <h1 className={titleClass}>Owners Locker Room</h1>
        <p className={subtitleClass}>League administration: tournaments, members, records and waivers.</p>
        <LinkButton href="/door" size="sm" variant="outline" className={doorClass}>
          <ScanLine aria-hidden="true" />
          Door Check-in
        </LinkButton>
      </header>
      <TabsRoot value={tab} onValueChange={(details) => onTabChange(details.value as AdminTab)} lazyMount unmountOnExit>
        <TabsList className={tabListClass} aria-label="Admin sections">
          {adminTabs.map((t) => (
            <TabsTrigger key={t} value={t} className={tabTriggerClass}>
              {adminTabLabel(t)}
            </TabsTrigger>
          ))}
        </TabsList>
        {adminTabs.map((t) => (
          <TabsContent key={t} value={t}>
            {panelFor(t, slots)}
          </TabsContent>
        ))}
      </TabsRoot>
    </div>
  );
}
