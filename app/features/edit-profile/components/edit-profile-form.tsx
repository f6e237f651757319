import type { UseMutationResult } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { PROFILE_EDIT_TOASTS as T } from '../../../../edge/features/profile-edit/constants.ts';
import { getErrorMessage, isUnauthorizedError } from '../../../lib/api-client.ts';
import { focusFirstInvalid } from '../../../lib/form-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { leaveForSignIn } from '../../../ui/sign-in-redirect.tsx';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs.tsx';
import { toast } from '../../../ui/toast.tsx';
import {
  checkProfileForm,
  firstInvalidField,
  formValuesOf,
  serverFieldErrors,
  tabOfField,
  type ProfileFormErrors,
  type ProfileFormValues,
  type ProfileTab,
} from '../profile-form.ts';
import { UNAUTHORIZED_NOTICE } from '../notices.ts';
import type { CurrentUser, EditableProfile, ProfileUpdateBody } from '../queries.ts';
import { BasicInfoFields } from './basic-info-fields.tsx';
import { PlayerStatsFields } from './player-stats-fields.tsx';

const formClass = css({ display: 'flex', flexDirection: 'column', gap: '5' });
const triggerClass = css({ px: { base: '2', sm: '4' }, textAlign: 'center', lineHeight: 'tight' });
const actionsClass = css({ display: 'flex', flexDirection: 'column', alignItems: { base: 'stretch', sm: 'flex-end' } });

/** The device's calendar date as YYYY-MM-DD (the date picker's latest choice). */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export interface EditProfileFormProps {
  profile: EditableProfile;
  tab: ProfileTab;
  onTabChange: (tab: ProfileTab) => void;
  /** Owned by the page, so its callbacks outlive this form (it starts again from the saved profile). */
  save: UseMutationResult<CurrentUser, Error, ProfileUpdateBody>;
  /** Owners only: the Team tab's content, composed by the route. */
  teamTab?: ReactNode;
}

/**
 * The tabs of 001 s2 with one Save for Basic Info and Player Stats: the server's own checks run first and their
 * messages show under the fields (the tab with the first one opens and it takes the focus); then only the changed
 * fields go to PATCH /api/profile.
 */
export function EditProfileForm({ profile, tab, onTabChange, save, teamTab }: EditProfileFormProps) {
  const initial = useMemo(() => formValuesOf(profile), [profile]);
  const [values, setValues] = useState<ProfileFormValues>(initial);
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const gate = useConnectionGate();

  const check = (next: ProfileFormValues) => checkProfileForm(initial, next, profile.dateOfBirthLocked, new Date());
  // After a first Save the messages follow the typing, so each disappears once its field is right.
  const change = (next: ProfileFormValues) => {
    setValues(next);
    if (submitted) setErrors(check(next).errors);
  };
  const update = (field: keyof ProfileFormValues, value: string) => change({ ...values, [field]: value });

  const showErrors = (found: ProfileFormErrors) => {
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) onTabChange(tabOfField(first));
    focusFirstInvalid(formRef.current, first);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const { body, errors: found } = check(values);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    if (Object.keys(body).length === 0) {
      toast({ title: 'No Changes', description: 'Your profile is already up to date.' });
      return;
    }
    save.mutate(body, {
      onSuccess: () => toast(T.updated),
      onError: (error) => {
        if (isUnauthorizedError(error)) {
          void leaveForSignIn('/edit-profile', UNAUTHORIZED_NOTICE);
          return;
        }
        const fromServer = serverFieldErrors(error, values.highlightUrls);
        if (Object.keys(fromServer).length > 0) showErrors(fromServer);
        toast({
          title: T.updateFailed.title,
          description: getErrorMessage(error) ?? T.updateFailed.fallback,
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <form ref={formRef} className={formClass} onSubmit={onSubmit} noValidate aria-label="Edit your profile">
      <TabsRoot value={tab} onValueChange={(details) => onTabChange(details.value as ProfileTab)}>
        <TabsList aria-label="Profile sections">
          <TabsTrigger className={triggerClass} value="basic">
            Basic Info
          </TabsTrigger>
          <TabsTrigger className={triggerClass} value="stats">
            Player Stats
          </TabsTrigger>
          {teamTab ? (
            <TabsTrigger className={triggerClass} value="team">
              Team
            </TabsTrigger>
          ) : null}
        </TabsList>
        <TabsContent value="basic">
          <BasicInfoFields
            values={values}
            errors={errors}
            update={update}
            dateOfBirthLocked={profile.dateOfBirthLocked}
            storedSport={profile.sport}
            today={localToday()}
          />
        </TabsContent>
        <TabsContent value="stats">
          <PlayerStatsFields
            values={values}
            errors={errors}
            update={update}
            setDivisions={(divisions) =>
              change({
                ...values,
                divisions,
                // The best division is one of the chosen ones: unticking it clears it.
                bestDivision: divisions.includes(values.bestDivision) ? values.bestDivision : '',
              })
            }
            setHighlights={(rows) => change({ ...values, highlightUrls: rows })}
          />
        </TabsContent>
        {teamTab ? <TabsContent value="team">{teamTab}</TabsContent> : null}
      </TabsRoot>
      {tab !== 'team' ? (
        <div className={actionsClass}>
          <Button type="submit" size="lg" disabled={save.isPending} {...gate.buttonProps}>
            <Save aria-hidden="true" />
            {save.isPending ? 'Saving…' : 'Save Changes'}
          </Button>
          <NeedsConnectionNote gate={gate} action="Saving your profile" />
        </div>
      ) : null}
    </form>
  );
}
