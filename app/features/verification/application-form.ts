import {
  ACHIEVEMENTS_MIN,
  APPLICATION_OPTIONAL_MAX,
  APPLICATION_REASON_MIN,
  APPLICATION_TEXT_MAX,
  VERIFICATION_MESSAGES as M,
  type ApplyInput,
  type MyApplication,
} from '../../../edge/features/verification/schema.ts';
import type { FieldErrors } from '../../lib/form-errors.ts';

/** The form's four fields (001 s2), as typed. */
export interface ApplicationValues {
  applicationReason: string;
  achievements: string;
  socialMedia: string;
  teamAffiliations: string;
}

export type ApplicationField = keyof ApplicationValues;

export const emptyApplication: ApplicationValues = {
  applicationReason: '',
  achievements: '',
  socialMedia: '',
  teamAffiliations: '',
};

/** 001 s5 in the browser, for kindness: the server checks the same and answers with the same words. */
export function applicationErrors(values: ApplicationValues): FieldErrors<ApplicationField> {
  const errors: FieldErrors<ApplicationField> = {};
  const reason = values.applicationReason.trim().length;
  if (reason < APPLICATION_REASON_MIN) errors.applicationReason = M.applicationReason;
  else if (reason > APPLICATION_TEXT_MAX) errors.applicationReason = M.applicationReasonTooLong;
  const achievements = values.achievements.trim().length;
  if (achievements < ACHIEVEMENTS_MIN) errors.achievements = M.achievements;
  else if (achievements > APPLICATION_TEXT_MAX) errors.achievements = M.achievementsTooLong;
  if (values.socialMedia.trim().length > APPLICATION_OPTIONAL_MAX) errors.socialMedia = M.socialMediaTooLong;
  if (values.teamAffiliations.trim().length > APPLICATION_OPTIONAL_MAX) {
    errors.teamAffiliations = M.teamAffiliationsTooLong;
  }
  return errors;
}

/** 001 s2: the type is owner for an owner, otherwise player. */
export const applicationType = (role: string): 'owner' | 'player' => (role === 'owner' ? 'owner' : 'player');

/** The request body: trimmed, empty optional fields left out. */
export function applicationInput(values: ApplicationValues, role: string): ApplyInput {
  return {
    applicationReason: values.applicationReason.trim(),
    achievements: values.achievements.trim(),
    socialMedia: values.socialMedia.trim() || null,
    teamAffiliations: values.teamAffiliations.trim() || null,
    type: applicationType(role),
  };
}

/** What /apply-verified shows (001 s2, s4): the form, the pending notice instead of it, or the form under a rejection. */
export type ApplicationState =
  | { kind: 'none' }
  | { kind: 'pending'; application: MyApplication }
  | { kind: 'rejected'; application: MyApplication };

/** The newest application decides; an approved one with the badge since taken away lets the member apply again. */
export function applicationState(applications: readonly MyApplication[]): ApplicationState {
  const latest = applications[0];
  if (latest?.status === 'pending') return { kind: 'pending', application: latest };
  if (latest?.status === 'rejected') return { kind: 'rejected', application: latest };
  return { kind: 'none' };
}
