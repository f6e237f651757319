import { useState } from 'react';
import {
  SUSPENSION_DAYS_MAX,
  type AdminIncident,
  type Consequence,
} from '../../../../edge/features/incidents/schema.ts';
import { TextField } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { decideIncident, resolveAppeal } from '../queries.ts';
import { ReasonDialog } from './reason-dialog.tsx';

export const consequenceLabels: Record<Consequence, string> = {
  none: 'No action',
  warning: 'Warning',
  suspension: 'Suspension',
  ban: 'Ban',
};
const consequenceOptions = (Object.keys(consequenceLabels) as Consequence[]).map((value) => ({
  value,
  label: consequenceLabels[value],
}));
const daysMessage = `Enter a whole number of days from 1 to ${SUSPENSION_DAYS_MAX}`;

interface DialogProps {
  incident: AdminIncident;
  onDone: () => Promise<void> | void;
  onClose: () => void;
}

const who = (incident: AdminIncident) => `${incident.member.firstName} ${incident.member.lastName}`;

/** Decide (D24): no action, a warning, a suspension for N days, or a ban, with the reason the member reads. */
export function DecideDialog({ incident, onDone, onClose }: DialogProps) {
  const [consequence, setConsequence] = useState<Consequence | ''>('');
  const [days, setDays] = useState('7');
  const parsedDays = Number(days);
  return (
    <ReasonDialog
      title={`Decide incident #${incident.id}`}
      description={`About ${who(incident)}. A suspension or ban ends their sessions at once; they are notified and may appeal once within 7 days.`}
      confirmLabel="Decide"
      reasonLabel="Reason (the member reads this)"
      reasonField="note"
      danger={consequence === 'suspension' || consequence === 'ban'}
      check={(): Record<string, string> => {
        if (!consequence) return { consequence: 'Please choose a consequence' };
        if (
          consequence === 'suspension' &&
          !(Number.isInteger(parsedDays) && parsedDays >= 1 && parsedDays <= SUSPENSION_DAYS_MAX)
        )
          return { days: daysMessage };
        return {};
      }}
      submit={(note) =>
        decideIncident(incident.id, {
          consequence: consequence as Consequence,
          ...(consequence === 'suspension' ? { days: parsedDays } : {}),
          note,
        })
      }
      onDone={onDone}
      onClose={onClose}
    >
      {(errors) => (
        <>
          <SelectField
            label="Consequence"
            name="consequence"
            options={consequenceOptions}
            placeholder="Choose a consequence"
            required
            value={consequence}
            onChange={(e) => setConsequence(e.target.value as Consequence)}
            error={errors.consequence}
          />
          {consequence === 'suspension' ? (
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
          ) : null}
        </>
      )}
    </ReasonDialog>
  );
}

/** An appeal's answer: uphold (the decision stands) or overturn (a suspension or ban ends at once). */
export function ResolveAppealDialog({ incident, onDone, onClose }: DialogProps) {
  const [outcome, setOutcome] = useState<'upheld' | 'overturned' | ''>('');
  return (
    <ReasonDialog
      title={`Appeal on incident #${incident.id}`}
      description={`${who(incident)} wrote: “${incident.appeal?.text ?? ''}”`}
      confirmLabel="Resolve Appeal"
      reasonLabel="Response (the member reads this)"
      reasonField="response"
      check={(): Record<string, string> => (outcome ? {} : { outcome: 'Please choose uphold or overturn' })}
      submit={(response) => resolveAppeal(incident.id, { outcome: outcome as 'upheld' | 'overturned', response })}
      onDone={onDone}
      onClose={onClose}
    >
      {(errors) => (
        <SelectField
          label="Outcome"
          name="outcome"
          options={[
            { value: 'upheld', label: 'Uphold: the decision stands' },
            { value: 'overturned', label: 'Overturn: the decision is withdrawn' },
          ]}
          placeholder="Choose an outcome"
          required
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as 'upheld' | 'overturned')}
          error={errors.outcome}
        />
      )}
    </ReasonDialog>
  );
}
