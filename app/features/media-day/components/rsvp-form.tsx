import { Field } from '@ark-ui/react/field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import {
  MAX_ATTENDEES,
  NOTE_MAX,
  PURPOSE_MAX,
  arrivalTimeLabels,
  arrivalTimes,
  mediaDaySports,
  rsvpSchema,
  sportLabels,
} from '../../../../edge/features/media-day/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { fieldErrors, focusFirstInvalid, type FieldErrors } from '../../../lib/form-errors.ts';
import { useFieldDescription } from '../../../ui/field.tsx';
import { Button } from '../../../ui/button.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { TextField } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { submitRsvp, rsvpPageQueryOptions, type RsvpPage } from '../queries.ts';

type FieldName =
  | 'sport'
  | 'teamId'
  | 'purpose'
  | 'arrivalTime'
  | 'attendeeCount'
  | 'dietaryRestrictions'
  | 'specialRequests';

const fieldStyles = field();
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const gridClass = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
});
const textareaClass = css({ minHeight: '24', py: '2', resize: 'vertical' });
const actionsClass = css({
  display: 'flex',
  flexDirection: { base: 'column-reverse', sm: 'row' },
  gap: '3',
  justifyContent: 'flex-end',
});

const sportOptions = mediaDaySports.map((value) => ({ value, label: sportLabels[value] }));
const arrivalOptions = arrivalTimes.map((value) => ({ value, label: arrivalTimeLabels[value] }));
const attendeeOptions = Array.from({ length: MAX_ATTENDEES }, (_, i) => ({
  value: String(i + 1),
  label: String(i + 1),
}));

function TextArea(props: {
  label: string;
  name: FieldName;
  value: string;
  error: string | undefined;
  helper?: string;
  required?: boolean;
  maxLength: number;
  onChange: (value: string) => void;
}) {
  const { ids, describedBy } = useFieldDescription(Boolean(props.helper), Boolean(props.error));
  return (
    <Field.Root className={fieldStyles.root} ids={ids} invalid={Boolean(props.error)} required={props.required}>
      <Field.Label className={fieldStyles.label}>{props.label}</Field.Label>
      <Field.Textarea
        className={cx(fieldStyles.input, textareaClass)}
        name={props.name}
        rows={3}
        maxLength={props.maxLength}
        value={props.value}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.helper ? <Field.HelperText className={fieldStyles.helperText}>{props.helper}</Field.HelperText> : null}
      <Field.ErrorText className={fieldStyles.errorText}>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The one RSVP form of D25 (the fuller form of 001 s5 with the stricter purpose); it updates an earlier RSVP. */
export function RsvpForm({ page }: { page: RsvpPage }) {
  const existing = page.rsvp;
  const [values, setValues] = useState({
    sport: existing?.sport ?? '',
    teamId: existing?.teamId ? String(existing.teamId) : '',
    purpose: existing?.purpose ?? '',
    arrivalTime: existing?.arrivalTime ?? '',
    attendeeCount: String(existing?.attendeeCount ?? 1),
    dietaryRestrictions: existing?.dietaryRestrictions ?? '',
    specialRequests: existing?.specialRequests ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: submitRsvp,
    onSuccess: async () => {
      toast({
        title: 'RSVP Submitted!',
        description: 'See you at Media Day. Sponsors will contact you within 24 hours.',
      });
      await queryClient.invalidateQueries({ queryKey: rsvpPageQueryOptions.queryKey });
      void navigate({ to: '/dashboard' });
    },
    onError: (error) => {
      toast({
        title: 'RSVP Failed',
        description: getErrorMessage(error) ?? 'Failed to submit Media Day RSVP',
        variant: 'destructive',
      });
    },
  });

  const set = (name: FieldName) => (value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => ({ ...prev, [name]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = rsvpSchema.safeParse({
      sport: values.sport || undefined,
      teamId: values.teamId ? Number(values.teamId) : null,
      purpose: values.purpose,
      arrivalTime: values.arrivalTime || undefined,
      attendeeCount: Number(values.attendeeCount),
      dietaryRestrictions: values.dietaryRestrictions,
      specialRequests: values.specialRequests,
    });
    if (!parsed.success) {
      setErrors(fieldErrors<FieldName>(parsed.error.issues));
      focusFirstInvalid(formRef.current);
      return;
    }
    mutation.mutate(parsed.data);
  };

  const teamOptions = page.teams.map((t) => ({ value: String(t.id), label: t.name }));
  return (
    <form ref={formRef} className={formClass} onSubmit={onSubmit} noValidate aria-label="Media Day RSVP">
      <div className={gridClass}>
        <SelectField
          label="Sport"
          name="sport"
          required
          placeholder="Select a sport"
          options={sportOptions}
          value={values.sport}
          error={errors.sport}
          onChange={(e) => set('sport')(e.target.value)}
        />
        <SelectField
          label="Team (optional)"
          name="teamId"
          options={[{ value: '', label: page.teams.length ? 'No team' : 'You are not on a team' }, ...teamOptions]}
          value={values.teamId}
          error={errors.teamId}
          disabled={page.teams.length === 0}
          onChange={(e) => set('teamId')(e.target.value)}
        />
        <SelectField
          label="Arrival time"
          name="arrivalTime"
          required
          placeholder="Select your arrival time"
          options={arrivalOptions}
          value={values.arrivalTime}
          error={errors.arrivalTime}
          onChange={(e) => set('arrivalTime')(e.target.value)}
        />
        <SelectField
          label="Attendees"
          name="attendeeCount"
          required
          options={attendeeOptions}
          value={values.attendeeCount}
          error={errors.attendeeCount}
          helperText={`Yourself included; at most ${MAX_ATTENDEES}.`}
          onChange={(e) => set('attendeeCount')(e.target.value)}
        />
      </div>
      <TextArea
        label="Purpose of attending"
        name="purpose"
        required
        maxLength={PURPOSE_MAX}
        value={values.purpose}
        error={errors.purpose}
        helper="At least 20 characters: what you want from the day (photos, interviews, sponsor meetings)."
        onChange={set('purpose')}
      />
      <TextField
        label="Dietary restrictions (optional)"
        name="dietaryRestrictions"
        maxLength={NOTE_MAX}
        value={values.dietaryRestrictions}
        error={errors.dietaryRestrictions}
        onChange={(e) => set('dietaryRestrictions')(e.target.value)}
      />
      <TextArea
        label="Special requests (optional)"
        name="specialRequests"
        maxLength={NOTE_MAX}
        value={values.specialRequests}
        error={errors.specialRequests}
        onChange={set('specialRequests')}
      />
      <div className={actionsClass}>
        <LinkButton href="/dashboard" variant="outline" size="lg">
          Cancel
        </LinkButton>
        <Button type="submit" size="lg" variant="gold" disabled={mutation.isPending}>
          {mutation.isPending ? 'Submitting...' : existing ? 'Update RSVP' : 'Submit RSVP'}
        </Button>
      </div>
    </form>
  );
}
