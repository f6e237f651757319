import { Ban, ShieldAlert } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { css } from '../../../../styled-system/css';
import { waiverSubmissionSchema } from '../../../../edge/features/waivers/schema.ts';
import { fieldErrors, focusFirstInvalid, type FieldErrors } from '../../../lib/form-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card, CardBody } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/field.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { toast } from '../../../ui/toast.tsx';
// The toast region's code comes with the form (it tells ui/toast.tsx so as it runs), not at the first tap or once a
// signed-in page is idle (ADR 049): the form's offline submit answers in a toast ('Signed - waiting to upload'), and a
// player whose signal dropped before the page went idle got none (e2e/outbox.spec.ts, once in a CI run on React).
// 2 KiB gz more on this screen only.
import '../../../ui/toaster.tsx';
import { deviceInfoJson } from '../device-info.ts';
import { sendWaiver } from '../queries.ts';
import { dateOfBirthMessages } from '../../../../edge/features/waivers/constants.ts';
import { firstWaiverProblem, isMinor, isTooYoung, type WaiverField } from '../waiver-checks.ts';
import { SignatureCanvas, type SignatureCanvasHandle } from './signature-canvas.tsx';
import { pageClass } from './waiver-page.ts';
import { WaiverJustSigned } from './waiver-just-signed.tsx';
import { WaiverTerms } from './waiver-terms.tsx';

const formClass = css({ display: 'flex', flexDirection: 'column', gap: '6' });
const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '4', border: 'none', p: '0', m: '0', minWidth: '0' });
const legendClass = css({ fontWeight: 'bold', textStyle: 'lg', mb: '2' });
const pairClass = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } });
const agreeClass = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  minHeight: 'touch',
  py: '2',
  cursor: 'pointer',
  fontWeight: 'semibold',
  '& input': { width: '6', height: '6', flexShrink: '0', mt: '0.5', accentColor: 'accent.default', cursor: 'pointer' },
});
const actionsClass = css({
  display: 'flex',
  flexDirection: { base: 'column-reverse', sm: 'row' },
  gap: '3',
  justifyContent: 'space-between',
});

export interface WaiverFormProps {
  /** The signer: the outbox sends the waiver only under this user's session. */
  userId: string;
  /** The name the signer is prefilled with (editable). */
  defaultSignerName: string;
  /** The stored date of birth; null means the form asks for it (D7). */
  storedDateOfBirth: string | null;
  /** After the success toast: refresh what the route owns and move on (000 s4: /tournaments after 2 s). */
  onSigned: () => void;
  /** The waiver was signed but could not be sent: it waits in the outbox ('Signed - waiting to upload'). */
  onQueued: () => void;
  /** Submit pressed and the outcome not known yet (true), or known (false). */
  onSubmitting?: (submitting: boolean) => void;
  /** The clock for the age rules (injectable for tests). */
  now?: () => Date;
}

type Field = WaiverField;

/**
 * The liability waiver form (000 s2, s5, s8; D7): terms, then the date of birth (when the profile lacks it) so an
 * under-13 is stopped before anything else, agreement, emergency contact, signatures, guardian section.
 */
export function WaiverForm({
  userId,
  defaultSignerName,
  storedDateOfBirth,
  onSigned,
  onQueued,
  onSubmitting,
  now = () => new Date(),
}: WaiverFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const agreeRef = useRef<HTMLInputElement>(null);
  const contactNameRef = useRef<HTMLInputElement>(null);
  const guardianNameRef = useRef<HTMLInputElement>(null);
  const signatureRef = useRef<SignatureCanvasHandle>(null);
  const guardianSignatureRef = useRef<SignatureCanvasHandle>(null);
  const [submitting, setSubmitting] = useState(false);

  const [agreed, setAgreed] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({
    signerName: defaultSignerName,
    dateOfBirth: '',
    emergencyContactName: '',
    emergencyContactPhone: '',
    parentGuardianName: '',
    parentGuardianEmail: '',
  });
  const [hasSignature, setHasSignature] = useState(false);
  const [hasGuardianSignature, setHasGuardianSignature] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [signed, setSigned] = useState(false);

  const dateOfBirth = storedDateOfBirth ?? values.dateOfBirth;
  const minor = isMinor(dateOfBirth, now());
  const tooYoung = isTooYoung(dateOfBirth, now());
  const busy = submitting || signed;

  const update = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = firstWaiverProblem(
      {
        agreed,
        emergencyContactName: values.emergencyContactName,
        emergencyContactPhone: values.emergencyContactPhone,
        hasSignature: hasSignature && !(signatureRef.current?.isEmpty() ?? true),
        signerName: values.signerName,
        dateOfBirth,
        parentGuardianName: values.parentGuardianName,
        parentGuardianEmail: values.parentGuardianEmail,
        hasGuardianSignature: hasGuardianSignature && !(guardianSignatureRef.current?.isEmpty() ?? true),
      },
      now(),
    );
    if (problem?.kind === 'field' && problem.field === 'dateOfBirth' && storedDateOfBirth) {
      // The profile's date of birth has no field here to mark: say it the way the server would.
      toast({ title: 'Submission Failed', description: problem.message, variant: 'destructive' });
      return;
    }
    if (problem?.kind === 'field') {
      setErrors({ [problem.field]: problem.message });
      focusFirstInvalid(formRef.current);
      return;
    }
    if (problem) {
      toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      const focusTarget: Record<string, { focus(): void } | null> = {
        'Agreement Required': agreeRef.current,
        'Emergency Contact Required': contactNameRef.current,
        'Signature Required': signatureRef.current,
        'Parent/Guardian Information Required': guardianNameRef.current,
        'Parent/Guardian Signature Required': guardianSignatureRef.current,
      };
      focusTarget[problem.title]?.focus();
      return;
    }

    // The server's schema checks the shapes (name length, phone, e-mail) before anything is sent.
    const parsed = waiverSubmissionSchema.safeParse({
      type: 'liability',
      agreed: true,
      signerName: values.signerName,
      ...(storedDateOfBirth ? {} : { dateOfBirth }),
      signatureData: signatureRef.current?.toPng() ?? '',
      emergencyContactName: values.emergencyContactName,
      emergencyContactPhone: values.emergencyContactPhone,
      ...(minor
        ? {
            parentGuardianName: values.parentGuardianName,
            parentGuardianEmail: values.parentGuardianEmail,
            parentGuardianSignature: guardianSignatureRef.current?.toPng() ?? '',
          }
        : {}),
      deviceInfo: deviceInfoJson(),
      deviceSignedAt: new Date().toISOString(),
    });
    if (!parsed.success) {
      const next = fieldErrors<Field>(parsed.error.issues);
      setErrors(next);
      if (Object.keys(next).length) focusFirstInvalid(formRef.current);
      else toast({ title: 'Submission Failed', description: parsed.error.issues[0]?.message, variant: 'destructive' });
      return;
    }

    // D16: always through the outbox, online too (one path). deviceSignedAt above is the moment Submit was pressed.
    setSubmitting(true);
    onSubmitting?.(true);
    void sendWaiver(parsed.data, userId)
      .then((outcome) => {
        if (outcome.state === 'signed') {
          setSigned(true);
          toast({ title: 'Waiver Signed Successfully', description: 'Thank you. You can now register for tournaments.' });
          onSigned();
        } else if (outcome.state === 'queued') {
          toast({
            title: 'Signed - waiting to upload',
            description: 'Your signed waiver is saved on this device and uploads when the connection returns.',
          });
          onQueued();
        } else {
          toast({
            title: 'Submission Failed',
            description: outcome.message || 'An unexpected error occurred',
            variant: 'destructive',
          });
        }
      })
      .catch((error: unknown) => {
        // IndexedDB unavailable (some private modes): nothing was queued or sent.
        toast({
          title: 'Submission Failed',
          description: error instanceof Error ? error.message : 'An unexpected error occurred',
          variant: 'destructive',
        });
      })
      .finally(() => {
        setSubmitting(false);
        onSubmitting?.(false);
      });
  };

  if (signed) return <WaiverJustSigned />;

  return (
    <div className={pageClass}>
      <WaiverTerms />

      <Card>
        <CardBody>
          <form ref={formRef} className={formClass} onSubmit={onSubmit} noValidate aria-label="Sign the waiver">
            {storedDateOfBirth ? null : (
              <div className={pairClass}>
                <TextField
                  label="Date of Birth"
                  name="dateOfBirth"
                  type="date"
                  autoComplete="bday"
                  required
                  disabled={busy}
                  max={now().toISOString().slice(0, 10)}
                  value={values.dateOfBirth}
                  error={errors.dateOfBirth}
                  helperText="Saved to your profile. Players under 18 need a parent or guardian."
                  onChange={(e) => update('dateOfBirth', e.target.value)}
                />
              </div>
            )}

            {tooYoung ? (
              <Alert tone="danger" icon={<Ban />} title="Too young to sign" role="alert">
                {dateOfBirthMessages.tooYoung}. The league's Terms do not allow players under 13.
              </Alert>
            ) : (
              <>
                <label className={agreeClass}>
                  <input
                    ref={agreeRef}
                    type="checkbox"
                    name="agreed"
                    checked={agreed}
                    disabled={busy}
                    onChange={(e) => setAgreed(e.target.checked)}
                  />
                  <span>I have read and agree to the terms of this liability waiver and release.</span>
                </label>

                <fieldset className={sectionClass}>
                  <legend className={legendClass}>Emergency contact</legend>
                  <div className={pairClass}>
                    <TextField
                      ref={contactNameRef}
                      label="Emergency Contact Name"
                      name="emergencyContactName"
                      autoComplete="off"
                      required
                      disabled={busy}
                      value={values.emergencyContactName}
                      error={errors.emergencyContactName}
                      onChange={(e) => update('emergencyContactName', e.target.value)}
                    />
                    <TextField
                      label="Emergency Contact Phone"
                      name="emergencyContactPhone"
                      type="tel"
                      autoComplete="off"
                      inputMode="tel"
                      required
                      disabled={busy}
                      value={values.emergencyContactPhone}
                      error={errors.emergencyContactPhone}
                      onChange={(e) => update('emergencyContactPhone', e.target.value)}
                    />
                  </div>
                </fieldset>

                <fieldset className={sectionClass}>
                  <legend className={legendClass}>Signature</legend>
                  <SignatureCanvas
                    ref={signatureRef}
                    label="Your signature"
                    onChange={setHasSignature}
                    disabled={busy}
                    typedName={values.signerName}
                  />
                  <div className={pairClass}>
                    <TextField
                      label="Signing as"
                      name="signerName"
                      autoComplete="name"
                      required
                      disabled={busy}
                      value={values.signerName}
                      error={errors.signerName}
                      onChange={(e) => update('signerName', e.target.value)}
                    />
                  </div>
                </fieldset>

                {minor ? (
                  <fieldset className={sectionClass}>
                    <legend className={legendClass}>Parent or guardian</legend>
                    <Alert tone="verified" icon={<ShieldAlert />} title="Under 18: parent or guardian consent required">
                      Because you are under 18, a parent or legal guardian must give their name and e-mail and sign below.
                    </Alert>
                    <div className={pairClass}>
                      <TextField
                        ref={guardianNameRef}
                        label="Parent/Guardian Name"
                        name="parentGuardianName"
                        required
                        disabled={busy}
                        value={values.parentGuardianName}
                        error={errors.parentGuardianName}
                        onChange={(e) => update('parentGuardianName', e.target.value)}
                      />
                      <TextField
                        label="Parent/Guardian Email"
                        name="parentGuardianEmail"
                        type="email"
                        autoComplete="off"
                        required
                        disabled={busy}
                        value={values.parentGuardianEmail}
                        error={errors.parentGuardianEmail}
                        onChange={(e) => update('parentGuardianEmail', e.target.value)}
                      />
                    </div>
                    <SignatureCanvas
                      ref={guardianSignatureRef}
                      label="Parent/guardian signature"
                      onChange={setHasGuardianSignature}
                      disabled={busy}
                      typedName={values.parentGuardianName}
                    />
                  </fieldset>
                ) : null}
              </>
            )}

            <div className={actionsClass}>
              <LinkButton href="/dashboard" variant="outline" size="lg">
                Cancel
              </LinkButton>
              <Button type="submit" size="lg" disabled={busy} aria-busy={submitting}>
                {submitting ? 'Submitting…' : 'Submit Waiver'}
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
    </div>
  );
}
