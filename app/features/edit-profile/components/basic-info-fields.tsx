import { Lock } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { US_STATES } from '../../../../edge/features/profile-edit/constants.ts';
import { profileSports, sportLabels } from '../../../../edge/features/users/schema.ts';
import { sportLabel } from '../../../lib/sports.ts';
import { TextField } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select.tsx';
import type { ProfileFormErrors, ProfileFormValues } from '../profile-form.ts';

const gridClass = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } });
const wideClass = css({ gridColumn: { sm: 'span 2' } });
const lockedNoteClass = css({
  display: 'inline-flex',
  gap: '1.5',
  alignItems: 'flex-start',
  '& svg': { flexShrink: '0', mt: '0.5', width: '4', height: '4' },
});

const stateOptions = US_STATES.map((s) => ({ value: s.code, label: s.name }));

type TextKey = 'firstName' | 'lastName' | 'tagline' | 'city' | 'state' | 'sport' | 'dateOfBirth';

export interface BasicInfoFieldsProps {
  values: ProfileFormValues;
  errors: ProfileFormErrors;
  update: (field: TextKey, value: string) => void;
  /** D36: once a waiver is signed the date of birth is shown, not edited. */
  dateOfBirthLocked: boolean;
  /** The sport stored when the form opened: an older one outside the four stays selectable so it is not lost. */
  storedSport: string | null;
  /** The device's today (YYYY-MM-DD): the date picker's latest date. */
  today: string;
}

/** 001 s2 Basic Info: names, tagline, city, the 50 states, primary sport, and the date of birth of D7 and D36. */
export function BasicInfoFields({
  values,
  errors,
  update,
  dateOfBirthLocked,
  storedSport,
  today,
}: BasicInfoFieldsProps) {
  const sportOptions: { value: string; label: string }[] = profileSports.map((value) => ({
    value,
    label: sportLabels[value],
  }));
  if (storedSport && !(profileSports as readonly string[]).includes(storedSport)) {
    sportOptions.push({ value: storedSport, label: sportLabel(storedSport) });
  }
  return (
    <div className={gridClass}>
      <TextField
        label="First Name"
        name="firstName"
        autoComplete="given-name"
        required
        value={values.firstName}
        error={errors.firstName}
        onChange={(e) => update('firstName', e.target.value)}
      />
      <TextField
        label="Last Name"
        name="lastName"
        autoComplete="family-name"
        required
        value={values.lastName}
        error={errors.lastName}
        onChange={(e) => update('lastName', e.target.value)}
      />
      <TextField
        className={wideClass}
        label="Tagline"
        name="tagline"
        value={values.tagline}
        error={errors.tagline}
        helperText="A line that sums up your game."
        onChange={(e) => update('tagline', e.target.value)}
      />
      <TextField
        label="City"
        name="city"
        autoComplete="address-level2"
        value={values.city}
        error={errors.city}
        onChange={(e) => update('city', e.target.value)}
      />
      <SelectField
        label="State"
        name="state"
        placeholder="Select a state"
        options={stateOptions}
        value={values.state}
        error={errors.state}
        onChange={(e) => update('state', e.target.value)}
      />
      <SelectField
        label="Primary Sport"
        name="sport"
        placeholder="Select your sport"
        options={sportOptions}
        value={values.sport}
        error={errors.sport}
        onChange={(e) => update('sport', e.target.value)}
      />
      {dateOfBirthLocked ? (
        <TextField
          label="Date of Birth"
          name="dateOfBirth"
          type="date"
          readOnly
          value={values.dateOfBirth}
          helperText={
            <span className={lockedNoteClass}>
              <Lock aria-hidden="true" />
              Your date of birth is on your signed waiver, so it cannot be changed here. Contact the league if it is
              wrong.
            </span>
          }
        />
      ) : (
        <TextField
          label="Date of Birth"
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          max={today}
          value={values.dateOfBirth}
          error={errors.dateOfBirth}
          helperText="The waiver needs your age. It cannot be changed here once you sign a waiver."
          onChange={(e) => update('dateOfBirth', e.target.value)}
        />
      )}
    </div>
  );
}
