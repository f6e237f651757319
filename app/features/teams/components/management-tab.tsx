import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { TEAM_MESSAGES } from '../../../../edge/features/teams/schema.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { toast } from '../../../ui/toast.tsx';
import { setTeamRoles, storeTeam, type MyTeam } from '../queries.ts';

const formClass = css({ display: 'grid', gap: '4', pt: '3', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } });
const actionsClass = css({ gridColumn: { md: 'span 2' } });
const NONE = '';

/** Management (001 s2): the coach and the captain, each chosen from the roster or none. */
export function ManagementTab({ team }: { team: MyTeam }) {
  const queryClient = useQueryClient();
  const gate = useConnectionGate();
  const [coachId, setCoachId] = useState(team.coachId ?? NONE);
  const [captainId, setCaptainId] = useState(team.captainId ?? NONE);
  const options = [
    { value: NONE, label: 'None' },
    ...team.roster.map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}` })),
  ];
  const mutation = useMutation({
    mutationFn: () => setTeamRoles(team.id, { coachId: coachId || null, captainId: captainId || null }),
    onSuccess: (saved) => {
      storeTeam(queryClient, saved);
      toast({ title: 'Roles Updated', description: `${saved.name}'s coach and captain are saved.` });
    },
    onError: (error) => toastRequestError(error, 'Error', 'Failed to update roles'),
  });
  const sameChoice = coachId !== NONE && coachId === captainId;
  const unchanged = coachId === (team.coachId ?? NONE) && captainId === (team.captainId ?? NONE);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sameChoice) mutation.mutate();
  };

  return (
    <form className={formClass} onSubmit={submit} noValidate aria-label={`${team.name} coach and captain`}>
      <SelectField label="Coach" value={coachId} options={options} onChange={(e) => setCoachId(e.target.value)} />
      <SelectField
        label="Captain"
        value={captainId}
        options={options}
        onChange={(e) => setCaptainId(e.target.value)}
        error={sameChoice ? TEAM_MESSAGES.sameCoachAndCaptain : undefined}
        helperText={team.roster.length === 0 ? 'Add players to the roster to choose a coach and a captain.' : undefined}
      />
      <div className={actionsClass}>
        <Button
          type="submit"
          disabled={mutation.isPending || unchanged || sameChoice || gate.offline}
          {...gate.buttonProps}
        >
          {mutation.isPending ? 'Saving…' : 'Save Roles'}
        </Button>
        <NeedsConnectionNote gate={gate} action="Saving roles" />
      </div>
    </form>
  );
}
