import { Field } from '@ark-ui/react/field';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import { PROFILE_DIVISIONS, PROFILE_LIMITS } from '../../../../edge/features/profile-edit/constants.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField, useFieldDescription } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select.tsx';
import type { ProfileFormErrors, ProfileFormValues } from '../profile-form.ts';

const fieldStyles = field();

const stackClass = css({ display: 'flex', flexDirection: 'column', gap: '5' });
const pairClass = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } });
const textareaClass = css({ minHeight: '32', py: '2', resize: 'vertical' });
const counterClass = css({ fontVariantNumeric: 'tabular-nums' });
const overClass = css({ color: 'fg.error', fontWeight: 'semibold' });
const fieldsetClass = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' });
const legendClass = css({ fontWeight: 'semibold', textStyle: 'sm', mb: '1' });
const checksClass = css({ display: 'grid', gap: '1', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } });
const checkClass = css({ display: 'flex', alignItems: 'center', gap: '3', minHeight: 'touch', cursor: 'pointer' });
const boxClass = css({ width: '5', height: '5', accentColor: 'accent.default', flexShrink: '0' });
const errorClass = css({ color: 'fg.error', textStyle: 'sm', fontWeight: 'medium' });
const hintClass = css({ color: 'fg.muted', textStyle: 'sm' });
const linkRowClass = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  '& > :first-child': { flex: '1', minWidth: '0' },
});
const removeClass = css({ mt: '7', flexShrink: '0' });

type TextKey = 'bio' | 'height' | 'weight' | 'bestDivision';

export interface PlayerStatsFieldsProps {
  values: ProfileFormValues;
  errors: ProfileFormErrors;
  update: (field: TextKey, value: string) => void;
  setDivisions: (divisions: string[]) => void;
  setHighlights: (rows: string[]) => void;
}

/**
 * 001 s2 Player Stats: bio with its n/300 counter, height, weight in lbs, the division checkboxes, the best division
 * among the ticked ones ('Select divisions first' before any), and the highlight links D29 allows.
 */
export function PlayerStatsFields({ values, errors, update, setDivisions, setHighlights }: PlayerStatsFieldsProps) {
  const bioDescription = useFieldDescription(true, Boolean(errors.bio));
  const chosen = PROFILE_DIVISIONS.filter((d) => values.divisions.includes(d));
  const rows = values.highlightUrls;
  // A row added by Add Link takes the focus, so a keyboard user types straight into it.
  const shownRows = useRef(rows.length);
  useEffect(() => {
    if (rows.length > shownRows.current) {
      document.querySelector<HTMLInputElement>(`input[name="highlightUrls.${rows.length - 1}"]`)?.focus();
    }
    shownRows.current = rows.length;
  }, [rows.length]);
  const toggle = (division: string, on: boolean) =>
    setDivisions(on ? [...values.divisions, division] : values.divisions.filter((d) => d !== division));
  return (
    <div className={stackClass}>
      <Field.Root className={fieldStyles.root} ids={bioDescription.ids} invalid={Boolean(errors.bio)}>
        <Field.Label className={fieldStyles.label}>Bio</Field.Label>
        <Field.Textarea
          className={cx(fieldStyles.input, textareaClass)}
          name="bio"
          aria-describedby={bioDescription.describedBy}
          rows={4}
          value={values.bio}
          onChange={(e) => update('bio', e.target.value)}
        />
        <Field.HelperText
          className={cx(fieldStyles.helperText, counterClass, values.bio.length > PROFILE_LIMITS.bio && overClass)}
        >
          {values.bio.length}/{PROFILE_LIMITS.bio}
        </Field.HelperText>
        <Field.ErrorText className={fieldStyles.errorText}>{errors.bio}</Field.ErrorText>
      </Field.Root>

      <div className={pairClass}>
        <TextField
          label="Height"
          name="height"
          placeholder={`6'2"`}
          value={values.height}
          error={errors.height}
          onChange={(e) => update('height', e.target.value)}
        />
        <TextField
          label="Weight (lbs)"
          name="weight"
          inputMode="numeric"
          placeholder="185"
          value={values.weight}
          error={errors.weight}
          onChange={(e) => update('weight', e.target.value)}
        />
      </div>

      <fieldset className={fieldsetClass} aria-describedby={errors.divisions ? 'divisions-error' : undefined}>
        <legend className={legendClass}>Divisions</legend>
        <div className={checksClass}>
          {PROFILE_DIVISIONS.map((division) => (
            <label key={division} className={checkClass}>
              <input
                type="checkbox"
                className={boxClass}
                name="divisions"
                value={division}
                checked={values.divisions.includes(division)}
                aria-invalid={errors.divisions ? true : undefined}
                onChange={(e) => toggle(division, e.target.checked)}
              />
              <span>{division}</span>
            </label>
          ))}
        </div>
        {errors.divisions ? (
          <p id="divisions-error" className={errorClass}>
            {errors.divisions}
          </p>
        ) : null}
      </fieldset>

      <SelectField
        label="Best Division"
        name="bestDivision"
        disabled={chosen.length === 0}
        placeholder={chosen.length === 0 ? 'Select divisions first' : undefined}
        options={
          chosen.length === 0 ? [] : [{ value: '', label: 'None' }, ...chosen.map((d) => ({ value: d, label: d }))]
        }
        value={chosen.length === 0 ? '' : values.bestDivision}
        error={errors.bestDivision}
        onChange={(e) => update('bestDivision', e.target.value)}
      />

      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Highlight Videos</legend>
        <p className={hintClass}>
          https links to YouTube, Twitch or Vimeo videos, up to {PROFILE_LIMITS.highlights}. They play on your public
          profile.
        </p>
        {rows.map((row, index) => (
          <div key={index} className={linkRowClass}>
            <TextField
              label={`Highlight link ${index + 1}`}
              name={`highlightUrls.${index}`}
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=..."
              value={row}
              error={errors[`highlightUrls.${index}`]}
              onChange={(e) => setHighlights(rows.map((r, i) => (i === index ? e.target.value : r)))}
            />
            <Button
              className={removeClass}
              variant="ghost"
              size="sm"
              aria-label={`Remove highlight link ${index + 1}`}
              onClick={() => setHighlights(rows.length === 1 ? [''] : rows.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={rows.length >= PROFILE_LIMITS.highlights}
            onClick={() => setHighlights([...rows, ''])}
          >
            <Plus aria-hidden="true" />
            Add Link
          </Button>
        </div>
        {errors.highlightUrls ? <p className={errorClass}>{errors.highlightUrls}</p> : null}
      </fieldset>
    </div>
  );
}
