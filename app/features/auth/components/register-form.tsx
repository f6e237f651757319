import { useRef, useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { registerSchema, type RegisterInput } from '../../../../edge/features/auth/schema.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { getFieldErrors } from '../../../lib/api-client.ts';
import { fieldErrors, focusFirstInvalid, type FieldErrors } from '../../../lib/form-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { TextField } from '../../../ui/field.tsx';
import { SelectField } from '../../../ui/select.tsx';
import type { CurrentUser } from '../queries.ts';
import { useRegisterMutation } from '../queries.ts';
import { GoogleButton } from './google-button.tsx';
import { OrDivider } from './or-divider.tsx';
import { WelcomeDialog } from './welcome-dialog.tsx';

const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const nameRowClass = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } });

type RegisterValues = Required<RegisterInput>;
type RegisterField = keyof RegisterValues;

/** 000 s3: people register as a player, a team owner or a fan. */
export const roleOptions = [
  { value: 'player', label: 'Player' },
  { value: 'owner', label: 'Team Owner' },
  { value: 'fan', label: 'Fan' },
] as const;

/** Create an account (000 s2, s5, s8); success opens the welcome dialog. */
export function RegisterForm() {
  const register = useRegisterMutation();
  const gate = useConnectionGate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<RegisterValues>({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    role: 'player',
  });
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [submitted, setSubmitted] = useState(false);
  const [welcomeUser, setWelcomeUser] = useState<CurrentUser | null>(null);

  const validate = (next: RegisterValues) => {
    const result = registerSchema.safeParse(next);
    return { result, errors: result.success ? {} : fieldErrors<RegisterField>(result.error.issues) };
  };

  const update = (field: RegisterField, value: string) => {
    const next = { ...values, [field]: value } as RegisterValues;
    setValues(next);
    if (submitted) setErrors(validate(next).errors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const { result, errors: nextErrors } = validate(values);
    setErrors(nextErrors);
    if (!result.success) {
      focusFirstInvalid(formRef.current);
      return;
    }
    register.mutate(result.data, {
      onSuccess: (user) => setWelcomeUser(user),
      onError: (error) => {
        toastRequestError(error, 'Registration failed', 'Unable to create account');
        // A rule only the server knows (a too-common password, D35) also shows under its field, like the form's own.
        const server = getFieldErrors(error);
        const known = Object.fromEntries(Object.entries(server).filter(([k]) => k in values)) as FieldErrors<RegisterField>;
        if (Object.keys(known).length > 0) {
          setErrors(known);
          focusFirstInvalid(formRef.current);
        }
      },
    });
  };

  return (
    <div className={formClass}>
      <form ref={formRef} className={formClass} onSubmit={onSubmit} noValidate aria-label="Register">
        <div className={nameRowClass}>
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
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          onChange={(e) => update('email', e.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          helperText="At least 8 characters."
          value={values.password}
          error={errors.password}
          onChange={(e) => update('password', e.target.value)}
        />
        <SelectField
          label="Role"
          name="role"
          options={roleOptions}
          value={values.role}
          error={errors.role}
          onChange={(e) => update('role', e.target.value)}
        />
        <Button type="submit" size="lg" fullWidth disabled={register.isPending} {...gate.buttonProps}>
          {register.isPending ? 'Creating account…' : 'Create Account'}
        </Button>
        <NeedsConnectionNote gate={gate} action="Creating an account" />
      </form>
      <OrDivider />
      <GoogleButton gate={gate} />
      <WelcomeDialog user={welcomeUser} onOpenChange={(open) => !open && setWelcomeUser(null)} />
    </div>
  );
}
