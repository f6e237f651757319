import { Field } from '@ark-ui/react/field';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import {
  BUY_IN_CHOICES,
  formatLabels,
  hostFormats,
  hostLevels,
  hostTournamentSchema,
  levelLabels,
  PRIZE_DISTRIBUTION_TEXT,
  PRIZE_DISTRIBUTION_TITLE,
  HOST_MESSAGES,
  sportOptions,
} from '../../../../edge/features/hosting/schema.ts';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client.ts';
import { fieldErrors, focusFirstInvalid, type FieldErrors } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/money.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField, useFieldDescription } from '../../../ui/field.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { toast } from '../../../ui/toast.tsx';
import { CheckInSwitch } from './check-in-switch.tsx';
import { previewPrizePool, splitTotal, toHostPayload, type HostFormField, type HostFormValues } from '../host-form.ts';

const fieldStyles = field();

const formClass = css({ display: 'flex', flexDirection: 'column', gap: '8' });
const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' });
const legendClass = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'extrabold', mb: '3' });
const gridClass = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
});
const splitsClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
});
const textareaClass = css({ minHeight: '28', py: '2', resize: 'vertical' });
const choicesClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const choiceClass = css({
  alignItems: 'center',
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '2px',
  cursor: 'pointer',
  display: 'inline-flex',
  fontWeight: 'bold',
  gap: '2',
  minHeight: '11',
  px: '4',
  '&:has(input:checked)': { background: 'verified.subtle', borderColor: 'verified.default' },
  '&:has(input:focus-visible)': { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});
const radioClass = css({ accentColor: 'var(--colors-accent-default)', height: '4', width: '4' });
const noteClass = css({ color: 'fg.muted', textStyle: 'sm' });
const totalClass = css({ fontWeight: 'semibold', textStyle: 'sm' });
const buttonsClass = css({
  display: 'flex',
  flexDirection: { base: 'column-reverse', sm: 'row' },
  gap: '3',
  justifyContent: 'flex-end',
});

function TextAreaField(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  rows?: number;
}) {
  const { ids, describedBy } = useFieldDescription(Boolean(props.helperText), Boolean(props.error));
  return (
    <Field.Root className={fieldStyles.root} ids={ids} invalid={Boolean(props.error)} required={props.required}>
      <Field.Label className={fieldStyles.label}>{props.label}</Field.Label>
      <Field.Textarea
        className={cx(fieldStyles.input, textareaClass)}
        name={props.name}
        rows={props.rows ?? 4}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-describedby={describedBy}
      />
      {props.helperText ? (
        <Field.HelperText className={fieldStyles.helperText}>{props.helperText}</Field.HelperText>
      ) : null}
      <Field.ErrorText className={fieldStyles.errorText}>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={sectionClass}>
      <legend className={legendClass}>{title}</legend>
      {children}
    </fieldset>
  );
}

export type HostPayload = ReturnType<typeof toHostPayload>;

export interface HostTournamentFormProps {
  initial: HostFormValues;
  submitLabel: string;
  submittingLabel: string;
  /** Sends the payload; a rejected promise is the api-client's error (its 400 field messages are shown). */
  onSubmit: (payload: HostPayload) => Promise<void>;
  onCancel: () => void;
  /** The toast title when the server refuses (001 s8 'Submission Failed' on the host page). */
  failureTitle: string;
  /** Fields the server will not change now (D24: after an entry), disabled with the reason. */
  locked?: readonly (HostFormField | 'checkIn')[];
  lockedNote?: string;
}

/**
 * The host form (001 s2, s5, s9): six sections, the buy-in's quick choices, the automatic prize pool shown while the
 * field is empty, and the splits' running total. The host page and the admin manager's create and edit share it.
 */
export function HostTournamentForm({
  initial,
  submitLabel,
  submittingLabel,
  onSubmit,
  onCancel,
  failureTitle,
  locked = [],
  lockedNote,
}: HostTournamentFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<HostFormField>>({});
  const [busy, setBusy] = useState(false);
  const [customBuyIn, setCustomBuyIn] = useState(!BUY_IN_CHOICES.some((c) => String(c) === initial.buyIn));
  const gate = useConnectionGate();
  const lockedNoteId = useId();
  const isLocked = (name: HostFormField | 'checkIn') => locked.includes(name);

  const set = (name: HostFormField) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const input = (name: HostFormField) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => set(name)(e.target.value),
    error: errors[name],
    disabled: isLocked(name),
    ...(isLocked(name) ? { 'aria-describedby': lockedNoteId } : {}),
  });

  const showErrors = (next: FieldErrors<HostFormField>) => {
    setErrors(next);
    focusFirstInvalid(formRef.current);
    if (next.winnerSplit === HOST_MESSAGES.splitsSum) {
      toast({ title: PRIZE_DISTRIBUTION_TITLE, description: PRIZE_DISTRIBUTION_TEXT, variant: 'destructive' });
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = toHostPayload(values);
    const checked = hostTournamentSchema.safeParse(payload);
    if (!checked.success) {
      showErrors(fieldErrors<HostFormField>(checked.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(payload);
    } catch (error) {
      const fromServer = getErrorStatus(error) === 400 ? serverErrors(error) : {};
      // The one rule only the server can check (it holds the clock) belongs to a field too.
      if (getErrorMessage(error) === HOST_MESSAGES.startInPast) fromServer.startDate = HOST_MESSAGES.startInPast;
      if (Object.keys(fromServer).length > 0) showErrors(fromServer);
      toast({
        title: failureTitle,
        description: getErrorMessage(error) ?? 'Please try again',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const pool = previewPrizePool(values);
  const total = splitTotal(values);
  const team = values.maxTeams.trim() !== '';

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className={formClass}>
      {locked.length > 0 && lockedNote ? (
        <p id={lockedNoteId} className={noteClass}>
          {lockedNote}
        </p>
      ) : null}
      <Section title="Basic Information">
        <TextField label="Tournament Name" required {...input('title')} />
        <TextAreaField
          label="Description"
          name="description"
          required
          value={values.description}
          onChange={set('description')}
          error={errors.description}
          helperText="At least 20 characters."
        />
        <div className={gridClass}>
          <SelectField label="Sport" required placeholder="Select a sport" options={sportOptions} {...input('sport')} />
          <SelectField
            label="Division"
            required
            options={hostLevels.map((value) => ({ value, label: levelLabels[value] }))}
            {...input('division')}
          />
          <SelectField
            label="Format"
            required
            options={hostFormats.map((value) => ({ value, label: formatLabels[value] }))}
            {...input('format')}
          />
        </div>
      </Section>

      <Section title="Date & Time">
        <div className={gridClass}>
          <TextField label="Start Date & Time" type="datetime-local" required {...input('startDate')} />
          <TextField label="End Date & Time" type="datetime-local" helperText="Optional" {...input('endDate')} />
        </div>
      </Section>

      <Section title="Venue Information">
        <div className={gridClass}>
          <TextField label="Venue Name" required {...input('venueName')} />
          <TextField label="Location" required helperText="City and state, e.g. Atlanta, GA" {...input('location')} />
        </div>
        <TextField label="Venue Address" required autoComplete="street-address" {...input('venueAddress')} />
      </Section>

      <Section title="Financial Information">
        <fieldset className={sectionClass} disabled={isLocked('buyIn')}>
          <legend className={fieldStyles.label}>Buy-in</legend>
          <div className={choicesClass}>
            {BUY_IN_CHOICES.map((amount) => (
              <label key={amount} className={choiceClass}>
                <input
                  type="radio"
                  name="buyInChoice"
                  className={radioClass}
                  checked={!customBuyIn && values.buyIn === String(amount)}
                  onChange={() => {
                    setCustomBuyIn(false);
                    set('buyIn')(String(amount));
                  }}
                />
                {formatMoney(amount)}
              </label>
            ))}
            <label className={choiceClass}>
              <input
                type="radio"
                name="buyInChoice"
                className={radioClass}
                checked={customBuyIn}
                onChange={() => setCustomBuyIn(true)}
              />
              Custom
            </label>
          </div>
          {customBuyIn ? (
            <TextField
              label="Custom Buy-in ($)"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...input('buyIn')}
            />
          ) : errors.buyIn ? (
            <p role="alert" className={fieldStyles.errorText}>
              {errors.buyIn}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label="Prize Pool ($)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          helperText={
            pool === null
              ? 'Optional. Left empty, it is 80% of the buy-in times the capacity.'
              : `Optional. Left empty, it is 80% of the buy-in times the capacity: ${formatMoney(pool)}.`
          }
          {...input('prizePool')}
        />
        <fieldset className={sectionClass}>
          <legend className={fieldStyles.label}>Prize Pool Distribution (%)</legend>
          <div className={splitsClass}>
            <TextField label="Winner %" type="number" inputMode="numeric" min={0} max={100} {...input('winnerSplit')} />
            <TextField
              label="Charity %"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              {...input('charitySplit')}
            />
            <TextField label="WTA %" type="number" inputMode="numeric" min={0} max={100} {...input('wtaSplit')} />
          </div>
          <p className={totalClass} aria-live="polite">
            Total: {total}% {total === 100 ? '' : '(must add up to 100%)'}
          </p>
        </fieldset>
      </Section>

      <Section title="Participation">
        <div className={gridClass}>
          <TextField label="Max Players" type="number" inputMode="numeric" min={2} required {...input('maxPlayers')} />
          <TextField
            label="Max Teams"
            type="number"
            inputMode="numeric"
            min={2}
            helperText="Optional: set it for a team tournament."
            {...input('maxTeams')}
          />
          {team ? (
            <TextField
              label="Team Size"
              type="number"
              inputMode="numeric"
              min={2}
              required
              helperText="Players a side: 3 for 3v3, 5 for 5v5."
              {...input('teamSize')}
            />
          ) : null}
        </div>
        <CheckInSwitch
          checked={values.checkIn}
          disabled={isLocked('checkIn')}
          {...(isLocked('checkIn') ? { lockedNoteId } : {})}
          onChange={(checkIn) => setValues((v) => ({ ...v, checkIn }))}
        />
      </Section>

      <Section title="Additional Information">
        <TextField label="Flyer URL" type="url" placeholder="https://" helperText="Optional" {...input('flyerUrl')} />
        <TextAreaField
          label="Rules"
          name="rules"
          required
          value={values.rules}
          onChange={set('rules')}
          error={errors.rules}
          helperText="At least 20 characters."
        />
        <TextAreaField
          label="Requirements"
          name="requirements"
          required
          rows={3}
          value={values.requirements}
          onChange={set('requirements')}
          error={errors.requirements}
          helperText="What players must bring or meet; at least 10 characters."
        />
      </Section>

      <div className={buttonsClass}>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy} {...gate.buttonProps}>
          {busy ? submittingLabel : submitLabel}
        </Button>
      </div>
      <NeedsConnectionNote gate={gate} action="Submitting" />
    </form>
  );
}

/** The field messages of a 400 answer (`{ message, errors }`), first per top-level field. */
function serverErrors(error: unknown): FieldErrors<HostFormField> {
  const match = error instanceof Error ? /^400: (\{[\s\S]*\})$/.exec(error.message) : null;
  if (!match?.[1]) return {};
  try {
    const body = JSON.parse(match[1]) as { errors?: Record<string, string[]> };
    const out: FieldErrors<HostFormField> = {};
    for (const [key, messages] of Object.entries(body.errors ?? {})) {
      const name = key.split('.')[0] as HostFormField;
      if (!(name in out) && typeof messages[0] === 'string') out[name] = messages[0];
    }
    return out;
  } catch {
    return {};
  }
}
