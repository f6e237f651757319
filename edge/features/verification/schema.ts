import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';

export { NEXT_CURSOR_HEADER };

/**
 * The verification contract (001 s3, s5, s7, s9; D11): plain constants and types the server and the app share (no zod
 * here, so the form's code carries none).
 */

/** 001 s5/s9: the least text for the two required fields. */
export const APPLICATION_REASON_MIN = 50;
export const ACHIEVEMENTS_MIN = 30;
/** Upper bounds the specification leaves open: a page of text each, a few lines for the optional fields. */
export const APPLICATION_TEXT_MAX = 2000;
export const APPLICATION_OPTIONAL_MAX = 500;
export const REJECTION_REASON_MAX = 500;
/** 001 s2/s9: the admin list's preview of the application reason. */
export const APPLICATION_PREVIEW_LENGTH = 100;
/** The admin queue's page unless `?limit=` says otherwise. */
export const APPLICATION_PAGE_SIZE = 20;
export const MAX_APPLICATION_PAGE_SIZE = 100;

export const VERIFICATION_MESSAGES = {
  /** 001 s5, word for word. */
  applicationReason: `Please provide at least ${APPLICATION_REASON_MIN} characters explaining why you should be verified`,
  achievements: `Please list your notable achievements (at least ${ACHIEVEMENTS_MIN} characters)`,
  applicationReasonTooLong: `Please keep your reason to ${APPLICATION_TEXT_MAX} characters or less`,
  achievementsTooLong: `Please keep your achievements to ${APPLICATION_TEXT_MAX} characters or less`,
  socialMediaTooLong: `Social media must be ${APPLICATION_OPTIONAL_MAX} characters or less`,
  teamAffiliationsTooLong: `Team affiliations must be ${APPLICATION_OPTIONAL_MAX} characters or less`,
  /** 001 s5: the rejection's reason, trimmed, must not be empty. */
  rejectionReason: 'Please provide a reason for rejection.',
  rejectionReasonTooLong: `The reason must be ${REJECTION_REASON_MAX} characters or less`,
  alreadyVerified: 'You are already verified.',
  alreadyPending: 'You already have a pending application. An admin will review it soon.',
  notFound: 'Application not found',
  alreadyDecided: 'This application has already been decided.',
  ownApplication: 'You cannot decide your own application.',
  badId: 'Application ids are whole numbers',
  cursor: 'That page of applications does not exist',
  limit: `Limit must be 1 to ${MAX_APPLICATION_PAGE_SIZE}`,
} as const;

export type ApplicationStatus = 'pending' | 'approved' | 'rejected';
export type ApplicationType = 'owner' | 'player';

/** POST /api/verification/apply. `type` is accepted for 001 s7 but the server decides it from the role. */
export interface ApplyInput {
  applicationReason: string;
  achievements: string;
  socialMedia?: string | null;
  teamAffiliations?: string | null;
  type?: ApplicationType;
}

/** One application as its applicant reads it (GET /api/verification/applications), newest first. */
export interface MyApplication {
  id: number;
  type: ApplicationType;
  status: ApplicationStatus;
  /** The rejection reason, shown on /apply-verified (D11); null unless rejected. */
  reason: string | null;
  applicationReason: string;
  achievements: string;
  socialMedia: string | null;
  teamAffiliations: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** One pending application in the admin queue (GET /api/verification/admin/applications; 001 s3). */
export interface PendingApplication extends MyApplication {
  user: { id: string; firstName: string; lastName: string; email: string; profileImageUrl: string | null };
}

/** PATCH /api/verification/{id}/reject. */
export interface RejectInput {
  reason: string;
}
