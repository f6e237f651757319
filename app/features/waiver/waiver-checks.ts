import {
  ADULT_AGE,
  MINIMUM_SIGNING_AGE,
  ageOn,
  dateOfBirthMessages,
  dateOfBirthProblem,
} from '../../../edge/features/waivers/constants.ts';
import { waiverSubmissionSchema } from '../../../edge/features/waivers/schema.ts';
import { fieldErrors, type FieldErrors } from '../../lib/form-errors.ts';

/** What the form knows when Submit is pressed. */
export interface WaiverFormState {
  agreed: boolean;
  emergencyContactName: string;
  emergencyContactPhone: string;
  hasSignature: boolean;
  signerName: string;
  /** The stored date of birth, or the one typed into the form (D7); '' when neither. */
  dateOfBirth: string;
  parentGuardianName: string;
  parentGuardianEmail: string;
  hasGuardianSignature: boolean;
}

/** The form's text fields, each of which can carry its own error message. */
export type WaiverField =
  | 'dateOfBirth'
  | 'emergencyContactName'
  | 'emergencyContactPhone'
  | 'signerName'
  | 'parentGuardianName'
  | 'parentGuardianEmail';

/**
 * The first failed check, in the order the fields appear on the form: the spec's toasts (000 s5, s8) for missing
 * answers, a field error for a date of birth or a shape the server would refuse (a phone, an e-mail).
 */
export type WaiverProblem =
  | { kind: 'toast'; title: string; description: string }
  | { kind: 'field'; field: WaiverField; message: string };

/** Age from a date of birth on `now`, or null while the date is missing or not a real date. */
export function ageFrom(dateOfBirth: string, now: Date): number | null {
  return dateOfBirth ? ageOn(dateOfBirth, now) : null;
}

/** True when the signer is a minor who may sign with a guardian (13 to 17), so the guardian section shows (000 s2). */
export function isMinor(dateOfBirth: string, now: Date): boolean {
  const age = ageFrom(dateOfBirth, now);
  return age !== null && age >= MINIMUM_SIGNING_AGE && age < ADULT_AGE;
}

/** D7: under 13 cannot sign at all; the form says so as soon as it knows the date of birth. */
export function isTooYoung(dateOfBirth: string, now: Date): boolean {
  return dateOfBirth !== '' && dateOfBirthProblem(dateOfBirth, now) === 'tooYoung';
}

/** The server's shape errors (its schema, one copy) for the fields the form checks one by one. */
function shapeErrors(state: WaiverFormState): FieldErrors<WaiverField> {
  const result = waiverSubmissionSchema.safeParse({
    signerName: state.signerName,
    emergencyContactName: state.emergencyContactName,
    emergencyContactPhone: state.emergencyContactPhone,
    parentGuardianName: state.parentGuardianName,
    parentGuardianEmail: state.parentGuardianEmail,
  });
  return result.success ? {} : fieldErrors<WaiverField>(result.error.issues);
}

/**
 * The screen's checks in the order the form asks (D7: the date of birth first, so an under-13 learns at once that
 * they cannot sign); null when the form may be sent. The spec's toasts keep their texts and relative order
 * (000 s5, s8). The server checks everything again.
 */
export function firstWaiverProblem(state: WaiverFormState, now: Date): WaiverProblem | null {
  const shapes = shapeErrors(state);
  const fieldProblem = (field: WaiverField): WaiverProblem | null => {
    const message = shapes[field];
    return message ? { kind: 'field', field, message } : null;
  };

  if (!state.dateOfBirth) return { kind: 'field', field: 'dateOfBirth', message: dateOfBirthMessages.required };
  const dobProblem = dateOfBirthProblem(state.dateOfBirth, now);
  if (dobProblem) return { kind: 'field', field: 'dateOfBirth', message: dateOfBirthMessages[dobProblem] };
  if (!state.agreed) {
    return {
      kind: 'toast',
      title: 'Agreement Required',
      description: 'Please read the waiver and tick the box to agree to its terms.',
    };
  }
  if (!state.emergencyContactName.trim() || !state.emergencyContactPhone.trim()) {
    return {
      kind: 'toast',
      title: 'Emergency Contact Required',
      description: 'Please enter an emergency contact name and phone number.',
    };
  }
  const contactProblem = fieldProblem('emergencyContactName') ?? fieldProblem('emergencyContactPhone');
  if (contactProblem) return contactProblem;
  if (!state.hasSignature) {
    return { kind: 'toast', title: 'Signature Required', description: 'Please sign the waiver in the signature box.' };
  }
  const signerProblem = fieldProblem('signerName');
  if (signerProblem) return signerProblem;
  if (isMinor(state.dateOfBirth, now)) {
    if (!state.parentGuardianName.trim() || !state.parentGuardianEmail.trim()) {
      return {
        kind: 'toast',
        title: 'Parent/Guardian Information Required',
        description: "Players under 18 need a parent or guardian's name and e-mail.",
      };
    }
    const guardianProblem = fieldProblem('parentGuardianName') ?? fieldProblem('parentGuardianEmail');
    if (guardianProblem) return guardianProblem;
    if (!state.hasGuardianSignature) {
      return {
        kind: 'toast',
        title: 'Parent/Guardian Signature Required',
        description: 'A parent or guardian must sign in the parent/guardian signature box.',
      };
    }
  }
  return null;
}
