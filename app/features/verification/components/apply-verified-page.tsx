import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AlertTriangle,
  ArrowLeft,
  BadgeCheck,
  Clock,
  Crown,
  Headphones,
  RotateCw,
  ShieldCheck,
  Trophy,
  Video,
} from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import {
  ACHIEVEMENTS_MIN,
  APPLICATION_OPTIONAL_MAX,
  APPLICATION_REASON_MIN,
  APPLICATION_TEXT_MAX,
} from '../../../../edge/features/verification/schema.ts';
import { formatLongDate } from '../../../lib/dates.ts';
import { getErrorMessage, isUnauthorizedError } from '../../../lib/api-client.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { focusFirstInvalid, type FieldErrors } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/field.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { leaveForSignIn } from '../../../ui/sign-in-redirect.tsx';
import { toast } from '../../../ui/toast.tsx';
import {
  applicationErrors,
  applicationInput,
  applicationState,
  applicationType,
  emptyApplication,
  type ApplicationField,
  type ApplicationValues,
} from '../application-form.ts';
import { myApplicationsQueryOptions, submitApplication, type MyApplication } from '../queries.ts';
import { TextAreaField } from './text-area-field.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '3xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const headerClass = css({ alignItems: 'flex-start', display: 'flex', flexDirection: 'column', gap: '3' });
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '3xl', md: '5xl' },
  fontWeight: 'black',
  lineHeight: 'tight',
});
const leadClass = css({ color: 'fg.muted', textStyle: 'lg' });
const innerClass = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '5', md: '8' } });
const sectionTitleClass = css({ fontWeight: 'extrabold', textStyle: 'xl' });
const benefitsClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
});
const benefitClass = css({ alignItems: 'center', display: 'flex', gap: '3' });
const benefitIconClass = css({ color: 'verified.text', flexShrink: 0, height: '6', width: '6' });
const typeClass = css({ color: 'fg.muted', textStyle: 'sm' });
const reasonClass = css({ fontWeight: 'semibold', overflowWrap: 'anywhere', whiteSpace: 'pre-line' });
const skeletonClass = css({
  animation: 'skeleton-pulse',
  background: 'bg.emphasized',
  borderRadius: 'l3',
  height: '64',
});

/** 001 s2: the five benefits of the gold badge. */
const BENEFITS = [
  { icon: BadgeCheck, text: 'Gold verified badge on your profile' },
  { icon: Trophy, text: 'Host your own tournaments' },
  { icon: Video, text: 'RSVP to Media Day' },
  { icon: Headphones, text: 'Priority support' },
  { icon: ShieldCheck, text: 'Credibility with players, teams and sponsors' },
] as const;

/** /apply-verified (001 s2, D11) for a signed-in member who is not verified (the route sends the others away). */
export function ApplyVerifiedPage({ role }: { role: string }) {
  const applications = useQuery(myApplicationsQueryOptions);
  return (
    <div className={pageClass}>
      <header className={headerClass}>
        <LinkButton href="/dashboard" variant="ghost" size="sm">
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </LinkButton>
        <h1 className={titleClass}>Apply for Verification</h1>
        <p className={leadClass}>Verified members carry the gold badge and the league&apos;s trust.</p>
      </header>
      <Card>
        <section className={innerClass} aria-labelledby="benefits-title">
          <h2 id="benefits-title" className={sectionTitleClass}>
            Verified Benefits
          </h2>
          <ul className={benefitsClass}>
            {BENEFITS.map(({ icon: Icon, text }) => (
              <li key={text} className={benefitClass}>
                <Icon className={benefitIconClass} aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </section>
      </Card>
      {applications.isPending ? (
        <div className={skeletonClass} aria-busy="true" aria-label="Loading your application" />
      ) : applications.isError ? (
        <Alert role="alert" tone="danger" title="Failed to load your application" icon={<AlertTriangle />}>
          {getErrorMessage(applications.error) ? <p>{getErrorMessage(applications.error)}</p> : null}
          <Button variant="outline" tone="danger" size="sm" onClick={() => void applications.refetch()}>
            <RotateCw aria-hidden="true" />
            Try Again
          </Button>
        </Alert>
      ) : (
        <ApplicationSection applications={applications.data ?? []} role={role} />
      )}
    </div>
  );
}

function ApplicationSection({ applications, role }: { applications: MyApplication[]; role: string }) {
  const state = applicationState(applications);
  if (state.kind === 'pending') {
    return (
      <Alert role="status" tone="verified" title="Application Pending" icon={<Clock />}>
        <p>
          Your application was submitted on {formatLongDate(state.application.createdAt)} and is being reviewed by the
          league admins. We will notify you once it has been decided.
        </p>
      </Alert>
    );
  }
  return (
    <>
      {state.kind === 'rejected' ? (
        <Alert tone="danger" title="Application Not Approved" icon={<AlertTriangle />}>
          <p>Your last application was not approved. The reason given:</p>
          <p className={reasonClass}>{state.application.reason}</p>
          <p>You may submit a new application below.</p>
        </Alert>
      ) : null}
      <ApplicationForm role={role} />
    </>
  );
}

function ApplicationForm({ role }: { role: string }) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ApplicationValues>(emptyApplication);
  const [errors, setErrors] = useState<FieldErrors<ApplicationField>>({});
  const gate = useConnectionGate();
  const submit = useMutation({
    mutationFn: submitApplication,
    onSuccess: async (application) => {
      toast({ title: 'Application Submitted', description: 'An admin will review your application soon.' });
      queryClient.setQueryData<MyApplication[]>(myApplicationsQueryOptions.queryKey, (old) => [
        application,
        ...(old ?? []),
      ]);
      await queryClient.invalidateQueries({ queryKey: myApplicationsQueryOptions.queryKey });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        void leaveForSignIn('/apply-verified', {
          title: 'Unauthorized',
          description: 'You are logged out. Logging in again...',
          variant: 'destructive',
        });
        return;
      }
      // 001 s8: 'Submission Failed'; a pending or verified state found by the server refreshes the page's view.
      toastRequestError(error, 'Submission Failed', 'Failed to submit verification application');
      void queryClient.invalidateQueries({ queryKey: myApplicationsQueryOptions.queryKey });
    },
  });

  const change = (name: ApplicationField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((prev) => ({ ...prev, [name]: value }));
    setErrors((prev) => ({ ...prev, [name]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = applicationErrors(values);
    setErrors(next);
    if (Object.values(next).some(Boolean)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    submit.mutate(applicationInput(values, role));
  };

  const type = applicationType(role);
  return (
    <Card>
      <form ref={formRef} className={innerClass} onSubmit={onSubmit} noValidate aria-labelledby="application-title">
        <div>
          <h2 id="application-title" className={sectionTitleClass}>
            Your Application
          </h2>
          <p className={typeClass}>
            <Crown aria-hidden="true" className={css({ display: 'inline', height: '4', width: '4', mr: '1' })} />
            Applying as a {type === 'owner' ? 'team owner' : 'player'}
          </p>
        </div>
        <TextAreaField
          label="Why should you be verified?"
          name="applicationReason"
          required
          rows={5}
          maxLength={APPLICATION_TEXT_MAX}
          value={values.applicationReason}
          onChange={change('applicationReason')}
          error={errors.applicationReason}
          helperText={`At least ${APPLICATION_REASON_MIN} characters (${values.applicationReason.trim().length} so far).`}
        />
        <TextAreaField
          label="Notable achievements"
          name="achievements"
          required
          rows={4}
          maxLength={APPLICATION_TEXT_MAX}
          value={values.achievements}
          onChange={change('achievements')}
          error={errors.achievements}
          helperText={`Titles, results, leagues you ran: at least ${ACHIEVEMENTS_MIN} characters.`}
        />
        <TextField
          label="Social media (optional)"
          name="socialMedia"
          maxLength={APPLICATION_OPTIONAL_MAX}
          value={values.socialMedia}
          onChange={change('socialMedia')}
          error={errors.socialMedia}
          helperText="Handles or links where the league can see your play."
        />
        <TextField
          label="Team affiliations (optional)"
          name="teamAffiliations"
          maxLength={APPLICATION_OPTIONAL_MAX}
          value={values.teamAffiliations}
          onChange={change('teamAffiliations')}
          error={errors.teamAffiliations}
        />
        <div>
          <Button type="submit" size="lg" variant="gold" disabled={submit.isPending} {...gate.buttonProps}>
            <BadgeCheck aria-hidden="true" />
            {submit.isPending ? 'Submitting...' : 'Submit Application'}
          </Button>
        </div>
        <NeedsConnectionNote gate={gate} action="Submitting an application" />
      </form>
    </Card>
  );
}
