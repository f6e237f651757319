import type { ReactNode } from 'react';
import type { AdminViewer } from '../../member-display.ts';
import type { AdminMember } from '../../members-queries.ts';
import { panelClass } from '../styles.ts';
import { MemberFinder } from './member-finder.tsx';
import { VerificationApplications } from './verification-applications.tsx';

export interface UsersPanelProps {
  viewer: AdminViewer;
  /**
   * Buttons another part of the control center adds to each member's row (the incidents part's Suspend and Ban).
   * Compose them in admin-control-center.tsx; this panel only places them.
   */
  memberActions?: (member: AdminMember) => ReactNode;
}

/** 001 s2 Users with D24: the pending verification applications, then every member. */
export function UsersPanel({ viewer, memberActions }: UsersPanelProps) {
  return (
    <div className={panelClass}>
      <VerificationApplications />
      <MemberFinder viewer={viewer} memberActions={memberActions} />
    </div>
  );
}
