import { Field } from '@ark-ui/react/field';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import { TRANSFER_REASON_MAX } from '../../../../edge/features/transfers/schema.ts';
import { isUnauthorizedError } from '../../../lib/api-client.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/field.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { leaveForSignIn } from '../../../ui/sign-in-redirect.tsx';
import { toast } from '../../../ui/toast.tsx';
import { destinationsQueryOptions, submitTransfer, transfersQueryOptions } from '../queries.ts';

const fieldStyles = field();
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '5', md: '6' } });
const headingClass = css({ fontSize: '2xl', fontWeight: 'extrabold' });
const fieldsetClass = css({ border: 'none', display: 'flex', flexDirection: 'column', gap: '2', m: '0', p: '0' });
const legendClass = css({ fontWeight: 'semibold', mb: '1' });
const choiceClass = css({
  alignItems: 'center',
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  cursor: 'pointer',
  display: 'flex',
  gap: '3',
  minHeight: 'touch',
  px: '3',
  py: '2',
  '&:has(input:checked)': { borderColor: 'accent.default', background: 'bg.subtle' },
  '&:has(input:focus-visible)': { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
const radioClass = css({ accentColor: 'accent.default', height: '5', width: '5', flexShrink: '0' });
const teamListClass = css({ display: 'flex', flexDirection: 'column', gap: '2', maxHeight: '72', overflowY: 'auto' });
const hintClass = css({ color: 'fg.muted', textStyle: 'sm' });
const errorClass = css({ color: 'fg.error', textStyle: 'sm', fontWeight: 'semibold' });
const textareaClass = css({ minHeight: '28', py: '2', resize: 'vertical' });
const countClass = css({ color: 'fg.muted', textStyle: 'sm', textAlign: 'right' });

type Destination = 'free-agency' | 'team';

/**
 * The player's transfer request (000 s2, s5): to free agency, or to another team chosen by name; the reason is
 * optional. 'Transfer Submitted' on success; a lost session gets the catalogue's 'Unauthorized' toast and goes to
 * sign in after 500 ms (000 s8).
 */
export function TransferForm({ teamName }: { teamName: string }) {
  const queryClient = useQueryClient();
  const gate = useConnectionGate();
  const [destination, setDestination] = useState<Destination>('free-agency');
  const [teamId, setTeamId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [teamError, setTeamError] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: submitTransfer,
    onSuccess: async (created) => {
      toast({
        title: 'Transfer Submitted',
        description: created.toTeam
          ? `The owner of ${created.toTeam.name} will approve or reject your request.`
          : `The owner of ${created.fromTeam.name} will approve or reject your request.`,
      });
      setReason('');
      await queryClient.invalidateQueries({ queryKey: transfersQueryOptions.queryKey });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        void leaveForSignIn('/transfer-portal', {
          title: 'Unauthorized',
          description: 'You are logged out. Logging in again...',
          variant: 'destructive',
        });
        return;
      }
      toastRequestError(error, 'Error', 'Unable to submit your transfer request');
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    if (destination === 'team' && teamId === null) {
      setTeamError('Choose the team you want to join');
      return;
    }
    submit.mutate({
      reason: reason.trim(),
      ...(destination === 'team' && teamId !== null ? { toTeamId: teamId } : {}),
    });
  };

  return (
    <Card>
      <form className={formClass} onSubmit={onSubmit} aria-labelledby="transfer-form-title" noValidate>
        <h2 id="transfer-form-title" className={headingClass}>
          Request a Transfer
        </h2>
        <p className={hintClass}>You play for {teamName}. Where would you like to go?</p>
        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Move to</legend>
          <label className={choiceClass}>
            <input
              type="radio"
              name="destination"
              className={radioClass}
              checked={destination === 'free-agency'}
              onChange={() => setDestination('free-agency')}
            />
            Free agency (leave {teamName})
          </label>
          <label className={choiceClass}>
            <input
              type="radio"
              name="destination"
              className={radioClass}
              checked={destination === 'team'}
              onChange={() => setDestination('team')}
            />
            Another team
          </label>
        </fieldset>
        {destination === 'team' ? (
          <TeamPicker
            teamId={teamId}
            error={teamError}
            onPick={(id) => {
              setTeamId(id);
              setTeamError(null);
            }}
          />
        ) : null}
        <Field.Root className={fieldStyles.root}>
          <Field.Label className={fieldStyles.label}>Reason (optional)</Field.Label>
          <Field.Textarea
            className={cx(fieldStyles.input, textareaClass)}
            name="reason"
            rows={4}
            maxLength={TRANSFER_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Field.HelperText className={cx(fieldStyles.helperText, countClass)}>
            {reason.length}/{TRANSFER_REASON_MAX}
          </Field.HelperText>
        </Field.Root>
        <div>
          <Button type="submit" aria-disabled={submit.isPending || undefined} {...gate.buttonProps}>
            <Send aria-hidden="true" />
            {submit.isPending ? 'Submitting…' : 'Submit Request'}
          </Button>
          <NeedsConnectionNote gate={gate} action="Submitting a transfer request" />
        </div>
      </form>
    </Card>
  );
}

/** The team the player asks to join: search by name, then pick one (20 at most are shown; searching narrows). */
function TeamPicker({
  teamId,
  error,
  onPick,
}: {
  teamId: number | null;
  error: string | null;
  onPick: (id: number) => void;
}) {
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const teams = useQuery(destinationsQueryOptions(search));
  const errorId = useId();
  return (
    <div className={fieldsetClass}>
      <TextField
        label="Find a team"
        type="search"
        name="team-search"
        autoComplete="off"
        maxLength={60}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <fieldset
        className={fieldsetClass}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
      >
        <legend className={legendClass}>Team</legend>
        {teams.isPending ? (
          <p className={hintClass} role="status">
            Loading teams…
          </p>
        ) : teams.isError ? (
          <p className={errorClass} role="alert">
            Failed to load teams. Check your connection and try again.
          </p>
        ) : teams.data.length === 0 ? (
          <p className={hintClass}>No teams match “{search}”.</p>
        ) : (
          <div className={teamListClass}>
            {teams.data.map((team) => (
              <label key={team.id} className={choiceClass}>
                <input
                  type="radio"
                  name="toTeamId"
                  className={radioClass}
                  value={team.id}
                  checked={teamId === team.id}
                  onChange={() => onPick(team.id)}
                />
                <span>
                  {team.name}
                  {team.city ? <span className={hintClass}> · {team.city}</span> : null}
                </span>
              </label>
            ))}
          </div>
        )}
        {error ? (
          <p id={errorId} className={errorClass} role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
