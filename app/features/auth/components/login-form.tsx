import { useRouter } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { loginSchema, type LoginInput } from '../../../../edge/features/auth/schema.ts';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { fieldErrors, focusFirstInvalid, type FieldErrors } from '../../../lib/form-errors.ts';
import { safeReturnPath } from '../../../../edge/features/auth/schema.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { TextField } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useLoginMutation } from '../queries.ts';
import { GoogleButton } from './google-button.tsx';
import { OrDivider } from './or-divider.tsx';

const formClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });

type LoginField = keyof LoginInput;

/** Sign in with e-mail and password (000 s2, s5, s8). */
export function LoginForm({ returnTo }: { returnTo?: string | undefined }) {
  const router = useRouter();
  const login = useLoginMutation();
  const gate = useConnectionGate();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [submitted, setSubmitted] = useState(false);
  // D24: why a suspended or banned member may not sign in; the server gave them the pass to read and appeal it.
  const [blocked, setBlocked] = useState<string>();

  const validate = (next: LoginInput) => {
    const result = loginSchema.safeParse(next);
    return { result, errors: result.success ? {} : fieldErrors<LoginField>(result.error.issues) };
  };

  const update = (field: LoginField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once the user has tried to submit, errors follow their typing instead of waiting for the next submit.
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
    login.mutate(result.data, {
      onSuccess: () => {
        toast({ title: 'Welcome back!' });
        void router.navigate({ href: safeReturnPath(returnTo) ?? '/' });
      },
      onError: (error) => {
        setBlocked(getErrorStatus(error) === 403 ? getErrorMessage(error) : undefined);
        toastRequestError(error, 'Login failed', 'Invalid credentials');
      },
    });
  };

  return (
    <div className={formClass}>
      <form ref={formRef} className={formClass} onSubmit={onSubmit} noValidate aria-label="Login">
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
          autoComplete="current-password"
          required
          value={values.password}
          error={errors.password}
          onChange={(e) => update('password', e.target.value)}
        />
        <Button type="submit" size="lg" fullWidth disabled={login.isPending} {...gate.buttonProps}>
          {login.isPending ? 'Signing in…' : 'Sign In'}
        </Button>
        <NeedsConnectionNote gate={gate} action="Signing in" />
      </form>
      {blocked ? (
        <Alert tone="danger" title="You cannot sign in" role="alert">
          <p>{blocked}</p>
          <p>
            <TextLink href="/conduct">Read the decision and appeal</TextLink> (once, within 7 days of the decision).
          </p>
        </Alert>
      ) : null}
      <OrDivider />
      <GoogleButton gate={gate} />
    </div>
  );
}
