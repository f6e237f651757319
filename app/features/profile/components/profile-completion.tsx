import { Ban, Crown, User } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { profileCompletionSchema, profileSports, sportLabels } from '../../../../edge/features/users/schema.ts';
import { getErrorMessage, getErrorStatus, isUnauthorizedError } from '../../../lib/api-client.ts';
import { fieldErrors, focusFirstInvalid, type FieldErrors } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { Card, CardBody, CardButton } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useCompleteProfileMutation } from '../queries.ts';

/** Redirect delay before a signed-out user is sent to sign in again (000 s9). */
const RELOGIN_DELAY_MS = 500;

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '3xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '14' },
  width: 'full',
});
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '4xl', md: '5xl' },
  fontWeight: 'black',
  lineHeight: 'tight',
  textTransform: 'uppercase',
  _focusVisible: { outline: 'none' },
});
const leadClass = css({ color: 'fg.muted', textStyle: 'lg' });
const choicesClass = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } });
const choiceInnerClass = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '6', alignItems: 'flex-start' });
const choiceIconClass = css({ color: 'verified.text', width: '10', height: '10' });
const choiceTitleClass = css({ fontSize: '2xl', fontWeight: 'extrabold' });
const choiceTextClass = css({ color: 'fg.muted', textStyle: 'md' });
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const actionsClass = css({ display: 'flex', flexDirection: { base: 'column-reverse', sm: 'row' }, gap: '3', justifyContent: 'space-between' });
const soleActionClass = css({ display: 'flex', flexDirection: 'column', alignItems: { sm: 'flex-end' } });

/** The two paths of the screen (000 s2); the role sent is player or owner (000 s5). */
type ProfilePath = 'player' | 'owner';

/** The sport list with its display labels (000 s1). */
const sportOptions = profileSports.map((value) => ({ value, label: sportLabels[value] }));

interface ProfileFormValues {
  tagline: string;
  city: string;
  sport: string;
}

type ProfileField = keyof ProfileFormValues;

const paths: { value: ProfilePath; title: string; text: string; Icon: typeof User }[] = [
  {
    value: 'player',
    title: 'Solo Player',
    text: 'Compete on your own, enter the free agency pool and get picked up by a team.',
    Icon: User,
  },
  {
    value: 'owner',
    title: 'Team Owner',
    text: 'Build your team, recruit players and manage your roster.',
    Icon: Crown,
  },
];

export interface ProfileCompletionProps {
  initial: { role: string; tagline: string | null; city: string | null; sport: string | null };
  /** Refreshes the current user and moves on; called after the success toast. */
  onCompleted: () => Promise<void> | void;
}

/**
 * The registration path (000 s2): Choose Your Path, then the player or team owner profile form. An admin has no path
 * to choose (their role is changed by a super admin only, D34): they get the form at once, and it sends no role.
 */
export function ProfileCompletion({ initial, onCompleted }: ProfileCompletionProps) {
  const keepsRole = initial.role === 'admin' || initial.role === 'super_admin';
  const [path, setPath] = useState<ProfilePath | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const shownPath = useRef<ProfilePath | null>(null);
  const complete = useCompleteProfileMutation();
  const gate = useConnectionGate();
  const [values, setValues] = useState<ProfileFormValues>({
    tagline: initial.tagline ?? '',
    city: initial.city ?? '',
    sport: initial.sport && (profileSports as readonly string[]).includes(initial.sport) ? initial.sport : '',
  });
  const [errors, setErrors] = useState<FieldErrors<ProfileField>>({});
  const [submitted, setSubmitted] = useState(false);
  // The server's refusal of the chosen path (D34: e.g. an owner who owns a team): it stays on the form, unlike the
  // toast, because the member has to act on it elsewhere (leave the team) before the choice can succeed.
  const [refusal, setRefusal] = useState<string | null>(null);

  // Each step swaps the page's heading; focus follows so screen readers announce where the user now is.
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    headingRef.current?.focus();
  }, [path]);

  // The server's own schema (000 s5: all three required), so the form and the API reject the same things.
  const validate = (next: ProfileFormValues, role: ProfilePath | undefined) => {
    const result = profileCompletionSchema.safeParse({ ...next, role });
    return { result, errors: result.success ? {} : fieldErrors<ProfileField>(result.error.issues) };
  };

  const update = (field: ProfileField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validate(next, path ?? undefined).errors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!path && !keepsRole) return;
    setSubmitted(true);
    setRefusal(null);
    const { result, errors: nextErrors } = validate(values, path ?? undefined);
    setErrors(nextErrors);
    if (!result.success) {
      focusFirstInvalid(formRef.current);
      return;
    }
    complete.mutate(result.data, {
      onSuccess: () => {
        toast({ title: 'Profile Updated', description: 'Your registration is complete!' });
        void onCompleted(); // mutate() never waits for its callbacks: the refresh and navigation finish on their own
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) {
          toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
          setTimeout(() => {
            window.location.href = '/api/login';
          }, RELOGIN_DELAY_MS);
          return;
        }
        const status = getErrorStatus(error);
        const description =
          status === undefined
            ? 'An unexpected error occurred'
            : (getErrorMessage(error) ?? (error instanceof Error ? error.message : 'An unexpected error occurred'));
        if (status === 403 || status === 409) setRefusal(description);
        toast({ title: 'Error', description, variant: 'destructive' });
      },
    });
  };

  if (!path && !keepsRole) {
    return (
      <div className={pageClass}>
        <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <h1 ref={headingRef} tabIndex={-1} className={titleClass}>
            Choose Your Path
          </h1>
          <p className={leadClass}>Tell the league how you want to compete. You can change your details later.</p>
        </header>
        <div className={choicesClass}>
          {paths.map(({ value, title, text, Icon }) => (
            <CardButton key={value} onClick={() => setPath(value)}>
              <span className={choiceInnerClass}>
                <Icon className={choiceIconClass} aria-hidden="true" />
                <span className={choiceTitleClass}>{title}</span>
                <span className={choiceTextClass}>{text}</span>
              </span>
            </CardButton>
          ))}
        </div>
      </div>
    );
  }

  return (
    <div className={pageClass}>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h1 ref={headingRef} tabIndex={-1} className={titleClass}>
          {keepsRole ? 'Complete Your Profile' : path === 'player' ? 'Player Registration' : 'Team Owner Registration'}
        </h1>
        <p className={leadClass}>A few details for your league profile.</p>
      </header>
      <Card>
        <CardBody>
          <form ref={formRef} className={formClass} onSubmit={onSubmit} noValidate>
            <TextField
              label="Tagline / Motto"
              name="tagline"
              required
              value={values.tagline}
              error={errors.tagline}
              onChange={(e) => update('tagline', e.target.value)}
            />
            <TextField
              label="City / Location"
              name="city"
              autoComplete="address-level2"
              required
              value={values.city}
              error={errors.city}
              onChange={(e) => update('city', e.target.value)}
            />
            <SelectField
              label="Primary Sport"
              name="sport"
              required
              placeholder="Select your sport"
              options={sportOptions}
              value={values.sport}
              error={errors.sport}
              onChange={(e) => update('sport', e.target.value)}
            />
            {refusal ? (
              <Alert tone="danger" role="alert" icon={<Ban />} title="Your role cannot change">
                {refusal}
              </Alert>
            ) : null}
            <div className={keepsRole ? soleActionClass : actionsClass}>
              {keepsRole ? null : (
                <Button
                  variant="outline"
                  size="lg"
                  onClick={() => {
                    setRefusal(null);
                    setPath(null);
                  }}
                  disabled={complete.isPending}
                >
                  Back
                </Button>
              )}
              <Button type="submit" size="lg" disabled={complete.isPending} {...gate.buttonProps}>
                {complete.isPending ? 'Saving…' : 'Complete Registration'}
              </Button>
            </div>
            <NeedsConnectionNote gate={gate} action="Saving your profile" />
          </form>
        </CardBody>
      </Card>
    </div>
  );
}
