import {
  ADULT_AGE,
  MINIMUM_SIGNING_AGE,
  ageOn,
  dateOfBirthMessages,
  dateOfBirthProblem,
} from '../../../edge/features/waivers/constants.ts';

/** What the form knows when Submit is pressed. */
export interface WaiverFormState {
  agreed: boolean;
  emergencyContactName: string;
  emergencyContactPhone: string;
  hasSignature: boolean;
  /** The stored date of birth, or the one typed into the form (D7); '' when neither. */
  dateOfBirth: string;
  parentGuardianName: string;
  parentGuardianEmail: string;
  hasGuardianSignature: boolean;
}

/** The first failed check, in the order of 000 s5/s8; the date of birth is a field error, not a toast. */
export type WaiverProblem =
  | { kind: 'toast'; title: string; description: string }
  | { kind: 'dateOfBirth'; message: string };

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

/** The screen's checks (000 s5, s8) in their order; null when the form may be sent. The server checks again. */
export function firstWaiverProblem(state: WaiverFormState, now: Date): WaiverProblem | null {
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
  if (!state.hasSignature) {
    return { kind: 'toast', title: 'Signature Required', description: 'Please sign the waiver in the signature box.' };
  }
  if (!state.dateOfBirth) return { kind: 'dateOfBirth', message: dateOfBirthMessages.required };
  const dobProblem = dateOfBirthProblem(state.dateOfBirth, now);
  if (dobProblem) return { kind: 'dateOfBirth', message: dateOfBirthMessages[dobProblem] };
  if (isMinor(state.dateOfBirth, now)) {
    if (!state.parentGuardianName.trim() || !state.parentGuardianEmail.trim()) {
      return {
        kind: 'toast',
        title: 'Parent/Guardian Information Required',
        description: "Players under 18 need a parent or guardian's name and e-mail.",
      };
    }
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
