import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Clock, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { SUSPENSION_DAYS_MAX, type Standing } from '../../../../edge/features/incidents/schema.ts';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { banMember, liftMember, memberStandingQueryOptions, refreshConduct, suspendMember } from '../queries.ts';
import { ReasonDialog } from './reason-dialog.tsx';

const rowClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '2' });
const daysMessage = `Enter a whole number of days from 1 to ${SUSPENSION_DAYS_MAX}`;

/** The member's standing in words (a badge), or nothing while they are in good standing. */
export function StandingBadge({ standing }: { standing: Standing }) {
  if (standing.banned) return <Badge tone="danger">Banned</Badge>;
  if (standing.suspendedUntil)
    return <Badge tone="danger">Suspended until {formatLongDateTime(standing.suspendedUntil)}</Badge>;
  return null;
}

export interface MemberStandingActionsProps {
  memberId: string;
  /** The member's name, so each button says whom it acts on to a screen reader. */
  memberName?: string;
  /** The standing when the caller already has it (a list row): no request of its own then. */
  standing?: Standing;
}

type Open = 'suspend' | 'ban' | 'lift' | null;

/**
 * Suspend for N days, Ban, and Lift for one member (D24), for the Users tab's member rows and the Incidents tab. Each
 * asks for the reason the member reads, records an incident, ends their sessions and writes the audit log (server).
 */
export function MemberStandingActions({ memberId, memberName, standing: known }: MemberStandingActionsProps) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...memberStandingQueryOptions(memberId), enabled: !known });
  const [open, setOpen] = useState<Open>(null);
  const [days, setDays] = useState('7');
  const standing = known ?? query.data?.standing;
  const name = memberName ?? (query.data ? `${query.data.firstName} ${query.data.lastName}` : 'this member');
  const restricted = Boolean(standing?.banned || standing?.suspendedUntil);
  const done = (title: string) => async () => {
    toast({ title, description: `${name}: saved and written to the audit log.` });
    await refreshConduct(queryClient);
  };
  const parsedDays = Number(days);
  const daysValid = Number.isInteger(parsedDays) && parsedDays >= 1 && parsedDays <= SUSPENSION_DAYS_MAX;

  return (
    <div className={rowClass}>
      {query.isError && !known ? <p role="status">Could not load this member's standing.</p> : null}
      {standing ? <StandingBadge standing={standing} /> : null}
      {standing && !standing.banned ? (
        <Button size="sm" variant="outline" tone="danger" onClick={() => setOpen('suspend')}>
          <Clock aria-hidden="true" />
          Suspend<span className={css({ srOnly: true })}> {name}</span>
        </Button>
      ) : null}
      {standing && !standing.banned ? (
        <Button size="sm" variant="outline" tone="danger" onClick={() => setOpen('ban')}>
          <Ban aria-hidden="true" />
          Ban<span className={css({ srOnly: true })}> {name}</span>
        </Button>
      ) : null}
      {restricted ? (
        <Button size="sm" variant="outline" onClick={() => setOpen('lift')}>
          <ShieldCheck aria-hidden="true" />
          {standing?.banned ? 'Lift Ban' : 'Lift Suspension'}
          <span className={css({ srOnly: true })}> of {name}</span>
        </Button>
      ) : null}
      {open === 'suspend' ? (
        <ReasonDialog
          title={`Suspend ${name}`}
          description="They cannot sign in until the suspension ends, and their sessions end now. They may appeal once within 7 days."
          confirmLabel="Suspend"
          reasonLabel="Reason (the member reads this)"
          reasonField="reason"
          danger
          check={(): Record<string, string> => (daysValid ? {} : { days: daysMessage })}
          submit={(reason) => suspendMember(memberId, { days: parsedDays, reason })}
          onDone={done('Member Suspended')}
          onClose={() => setOpen(null)}
        >
          {(errors) => (
            <TextField
              label="Days"
              name="days"
              type="number"
              inputMode="numeric"
              min={1}
              max={SUSPENSION_DAYS_MAX}
              required
              value={days}
              onChange={(e) => setDays(e.target.value)}
              error={errors.days}
            />
          )}
        </ReasonDialog>
      ) : null}
      {open === 'ban' ? (
        <ReasonDialog
          title={`Ban ${name}`}
          description="A ban is permanent unless lifted or overturned on appeal: they cannot sign in and their sessions end now."
          confirmLabel="Ban"
          reasonLabel="Reason (the member reads this)"
          reasonField="reason"
          danger
          submit={(reason) => banMember(memberId, { reason })}
          onDone={done('Member Banned')}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {open === 'lift' ? (
        <ReasonDialog
          title={standing?.banned ? `Lift the ban of ${name}` : `Lift the suspension of ${name}`}
          description="They can sign in again at once."
          confirmLabel="Lift"
          reasonLabel="Reason (the member reads this)"
          reasonField="reason"
          submit={(reason) => liftMember(memberId, { reason })}
          onDone={done(standing?.banned ? 'Ban Lifted' : 'Suspension Lifted')}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}
