import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { MemberStandingView } from '../../../../edge/features/incidents/schema.ts';
import { DESCRIPTION_MAX } from '../../../../edge/features/incidents/schema.ts';
import { TextField } from '../../../ui/field.tsx';
import { createIncident, memberSearchQueryOptions } from '../queries.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { StandingBadge } from './member-standing-actions.tsx';

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '1', maxHeight: '48', overflowY: 'auto' });
const optionClass = css({
  alignItems: 'center',
  borderRadius: 'l2',
  cursor: 'pointer',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  minHeight: 'touch',
  px: '2',
  _hover: { background: 'bg.subtle' },
});
const hintClass = css({ color: 'fg.muted', textStyle: 'sm' });
const errorClass = css({ color: 'fg.error', textStyle: 'sm', fontWeight: 'semibold' });

/** Find a member by name or e-mail and pick one (radio buttons: arrow keys move, the choice is announced). */
function MemberPicker({
  chosen,
  onChoose,
  error,
}: {
  chosen: MemberStandingView | null;
  onChoose: (member: MemberStandingView) => void;
  error: string | undefined;
}) {
  const [q, setQ] = useState('');
  const results = useQuery(memberSearchQueryOptions(q));
  const groupId = useId();
  return (
    <div>
      <TextField
        label="Find member"
        name="member-search"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        autoComplete="off"
        helperText="Name or e-mail, at least 2 characters"
        error={error}
      />
      {results.isFetching ? <p className={hintClass}>Searching…</p> : null}
      {results.isError ? <p className={errorClass}>Search failed. Please try again.</p> : null}
      {results.data && results.data.length === 0 ? <p className={hintClass}>No members found</p> : null}
      {results.data && results.data.length > 0 ? (
        <div role="radiogroup" aria-label="Members found" className={listClass} id={groupId}>
          {results.data.map((m) => (
            <label key={m.id} className={optionClass}>
              <input
                type="radio"
                name="member"
                value={m.id}
                checked={chosen?.id === m.id}
                onChange={() => onChoose(m)}
              />
              <span>
                {m.firstName} {m.lastName}
              </span>
              <span className={hintClass}>{m.email}</span>
              <StandingBadge standing={m.standing} />
            </label>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** New Incident (D24): an admin writes a conduct report about a member; it is decided afterwards. */
export function NewIncidentDialog({ onDone, onClose }: { onDone: () => Promise<void> | void; onClose: () => void }) {
  const [member, setMember] = useState<MemberStandingView | null>(null);
  return (
    <ReasonDialog
      title="New Incident"
      description="Write what happened. You decide the consequence afterwards from the list."
      confirmLabel="Create Incident"
      reasonLabel="What happened"
      reasonField="description"
      check={(): Record<string, string> => (member ? {} : { memberId: 'Please choose the member this is about' })}
      submit={(description) => createIncident({ memberId: member!.id, description })}
      onDone={onDone}
      onClose={onClose}
      maxLength={DESCRIPTION_MAX}
      emptyMessage="Please describe what happened"
    >
      {(errors) => <MemberPicker chosen={member} onChoose={setMember} error={errors.memberId} />}
    </ReasonDialog>
  );
}
