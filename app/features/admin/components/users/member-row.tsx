import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, BadgeX, LogOut, Save } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { css } from '../../../../../styled-system/css';
import { toastRequestError } from '../../../../lib/error-toast.ts';
import { Avatar } from '../../../../ui/avatar.tsx';
import { Badge } from '../../../../ui/badge.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Card } from '../../../../ui/card.tsx';
import { ConfirmDialog } from '../../../../ui/confirm-dialog.tsx';
import { SelectField } from '../../../../ui/select.tsx';
import { toast } from '../../../../ui/toast.tsx';
import { VisuallyHidden } from '../../../../ui/visually-hidden.tsx';
import { roleLabel, roleOptions, type AdminViewer } from '../../member-display.ts';
import {
  adminHoldersQueryOptions,
  endMemberSessions,
  MEMBERS_KEY,
  setMemberRole,
  setMemberVerified,
  type AdminMember,
  type MemberRole,
} from '../../members-queries.ts';
import { cardPadClass } from '../styles.ts';

const headClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '3' });
const whoClass = css({ display: 'flex', flex: '1', flexDirection: 'column', minWidth: '40' });
const nameClass = css({ fontWeight: 'bold', overflowWrap: 'anywhere' });
const mutedClass = css({ color: 'fg.muted', overflowWrap: 'anywhere', textStyle: 'sm' });
const badgesClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const controlsClass = css({
  alignItems: 'flex-end',
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  flexWrap: 'wrap',
  gap: '3',
});
const roleClass = css({ alignItems: 'flex-end', display: 'flex', gap: '2', width: { base: 'full', sm: 'auto' } });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

export interface MemberRowProps {
  member: AdminMember;
  viewer: AdminViewer;
  /**
   * More buttons for this member from other parts of the control center (issue 14: Suspend and Ban come from the
   * incidents part). Rendered after the row's own actions, inside the same group.
   */
  actions?: ReactNode;
}

/**
 * One member in the Users tab (D24): who they are, and what an admin may change: the role (player, owner, fan; admin
 * and super_admin for super admins, league-domain addresses only), the gold badge, and their sessions. The server
 * checks every rule again (D6, D34) and its refusal is shown as it words it.
 */
export function MemberRow({ member, viewer, actions }: MemberRowProps) {
  const queryClient = useQueryClient();
  const [role, setRole] = useState<MemberRole>(member.role);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const name = `${member.firstName} ${member.lastName}`;
  const self = member.id === viewer.id;
  const options = roleOptions(member, viewer);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [MEMBERS_KEY] }),
      queryClient.invalidateQueries({ queryKey: adminHoldersQueryOptions.queryKey }),
    ]);

  const saveRole = useMutation({
    mutationFn: () => setMemberRole(member.id, role),
    onSuccess: async (saved) => {
      toast({ title: 'Role Updated', description: `${name} is now ${roleLabel(saved.role).toLowerCase()}.` });
      await refresh();
    },
    onError: (error) => {
      setRole(member.role);
      toastRequestError(error, 'Update Failed', 'Failed to change the role');
    },
  });
  const verify = useMutation({
    mutationFn: () => setMemberVerified(member.id, !member.isVerified),
    onSuccess: async (saved) => {
      toast({
        title: saved.isVerified ? 'Member Verified' : 'Verification Removed',
        description: saved.isVerified ? `${name} now has the gold badge.` : `${name} is no longer verified.`,
      });
      await refresh();
    },
    onError: (error) => toastRequestError(error, 'Update Failed', 'Failed to change the verified status'),
  });

  return (
    <Card className={cardPadClass}>
      <div className={headClass}>
        <Avatar name={name} src={member.profileImageUrl} />
        <div className={whoClass}>
          <h3 className={nameClass}>
            {name}
            {self ? <span className={mutedClass}> (you)</span> : null}
          </h3>
          <span className={mutedClass}>{member.email}</span>
        </div>
        <div className={badgesClass}>
          <Badge tone={member.role === 'admin' || member.role === 'super_admin' ? 'accent' : 'neutral'}>
            {roleLabel(member.role)}
          </Badge>
          {member.isVerified ? (
            <Badge tone="verified">
              <BadgeCheck aria-hidden="true" />
              Verified
            </Badge>
          ) : null}
        </div>
      </div>
      {(member.role === 'admin' || member.role === 'super_admin') && !member.hasValidDomain ? (
        <p className={mutedClass}>This e-mail is not on the league domain, so the role grants no admin rights (D6).</p>
      ) : null}
      <div className={controlsClass}>
        <div className={roleClass}>
          <SelectField
            label={
              <>
                Role<VisuallyHidden> of {name}</VisuallyHidden>
              </>
            }
            options={options}
            value={role}
            disabled={self || options.length < 2 || saveRole.isPending}
            helperText={self ? 'Another admin can change your role.' : undefined}
            onChange={(e) => setRole(e.target.value as MemberRole)}
          />
          <Button
            variant="outline"
            disabled={role === member.role || saveRole.isPending}
            onClick={() => saveRole.mutate()}
          >
            <Save aria-hidden="true" />
            Save Role
            <VisuallyHidden> of {name}</VisuallyHidden>
          </Button>
        </div>
        <div className={actionsClass} role="group" aria-label={`Actions for ${name}`}>
          <Button variant="outline" disabled={verify.isPending} onClick={() => verify.mutate()}>
            {member.isVerified ? <BadgeX aria-hidden="true" /> : <BadgeCheck aria-hidden="true" />}
            {member.isVerified ? 'Unverify' : 'Verify'}
            <VisuallyHidden> {name}</VisuallyHidden>
          </Button>
          <Button variant="outline" tone="danger" onClick={() => setConfirmEnd(true)}>
            <LogOut aria-hidden="true" />
            End Sessions
            <VisuallyHidden> of {name}</VisuallyHidden>
          </Button>
          {actions}
        </div>
      </div>
      {confirmEnd ? (
        <ConfirmDialog
          title="End all sessions?"
          description={`${name} will be signed out on every device${self ? ', including this one' : ''}.`}
          confirmLabel="End Sessions"
          danger
          offline={false}
          action={async () => {
            const { ended } = await endMemberSessions(member.id);
            toast({
              title: 'Sessions Ended',
              description: `${name} was signed out of ${ended} session${ended === 1 ? '' : 's'}.`,
            });
          }}
          onDone={() => undefined}
          onClose={() => setConfirmEnd(false)}
        />
      ) : null}
    </Card>
  );
}
