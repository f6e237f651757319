import { BadgeCheck, Calendar, MessageSquare, Repeat, Ticket, Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { badge } from '../../../../styled-system/recipes';
import { LinkButton } from '../../../ui/link-button.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';

export interface DashboardActionsProps {
  role: string;
  isVerified: boolean;
  hasTeam: boolean;
  unreadMessages: number;
}

interface Action {
  href: string;
  label: string;
  icon: ReactNode;
  gold?: boolean;
}

/** The buttons of 000 s2, in its order, for this user: who sees which is the specification's rule. */
export function dashboardActions({
  role,
  isVerified,
  hasTeam,
}: Omit<DashboardActionsProps, 'unreadMessages'>): Action[] {
  const player = role === 'player';
  const actions: (Action | false)[] = [
    player && { href: '/free-agency', label: 'Free Agency', icon: <Users /> },
    player && hasTeam && { href: '/transfer-portal', label: 'Transfer Portal', icon: <Repeat /> },
    { href: '/messages', label: 'Messages', icon: <MessageSquare /> },
    !isVerified && { href: '/apply-verified', label: 'Apply for Verified', icon: <BadgeCheck />, gold: true },
    isVerified && { href: '/media-day', label: 'RSVP Media Day', icon: <Calendar />, gold: true },
    { href: '/tournaments', label: 'View Tournaments', icon: <Trophy /> },
    { href: '/tickets', label: 'My Tickets', icon: <Ticket /> },
  ];
  return actions.filter((a): a is Action => a !== false);
}

// One button per row on a phone; from small screens on, buttons keep their natural width and wrap.
const listClass = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  flexWrap: 'wrap',
  gap: '3',
});
const buttonClass = css({ width: { base: 'full', sm: 'auto' } });
const iconClass = css({ display: 'inline-flex' });
const countClass = cx(badge({ tone: 'verified' }), css({ ml: '1' }));

/** Where the dashboard leads: one row of link buttons; Messages carries the unread count. */
export function DashboardActions(props: DashboardActionsProps) {
  const count = props.unreadMessages;
  return (
    <nav aria-label="Dashboard actions">
      <ul className={listClass}>
        {dashboardActions(props).map((action) => (
          <li key={action.href}>
            <LinkButton href={action.href} variant={action.gold ? 'gold' : 'outline'} size="md" className={buttonClass}>
              <span className={iconClass} aria-hidden="true">
                {action.icon}
              </span>
              {action.label}
              {action.href === '/messages' && count > 0 ? (
                <>
                  <span className={countClass} aria-hidden="true" data-testid="dashboard-unread-count">
                    {count > 99 ? '99+' : count}
                  </span>
                  <VisuallyHidden>{`, ${count} unread ${count === 1 ? 'message' : 'messages'}`}</VisuallyHidden>
                </>
              ) : null}
            </LinkButton>
          </li>
        ))}
      </ul>
    </nav>
  );
}
