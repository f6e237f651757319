import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';

export { NEXT_CURSOR_HEADER };

/** D15: what happened to the user. GET /api/notifications lists the signed-in user's, newest first. */
export interface Notification {
  id: number;
  kind: string;
  title: string;
  body: string;
  /** An in-app path such as /tournaments/12, or null. */
  link: string | null;
  read: boolean;
  createdAt: string;
}

export const NOTIFICATION_TEXTS = {
  cursor: `Cursor must be the ${NEXT_CURSOR_HEADER} of an earlier page, unchanged`,
} as const;

/** Kinds written today (D15 lists more that later features add). */
export const notificationKinds = {
  registrationConfirmed: 'registration_confirmed',
  ticketPurchased: 'ticket_purchased',
  sponsorshipConfirmed: 'sponsorship_confirmed',
  /** Paid after the hold lapsed and the tournament filled up meanwhile: a refund is due. */
  registrationUnavailable: 'registration_unavailable',
  /** An owner invited the player to their team (D15, D37); answered from the dashboard's Notifications. */
  teamInvite: 'team_invite',
  /** A transfer request was approved or rejected (D15, D37). */
  transferDecided: 'transfer_decided',
  /** A verification application was approved or rejected, or an admin set the badge directly (D11, D15, D24). */
  verificationDecided: 'verification_decided',
  /** A hosted tournament was approved or rejected, with the reason (D10, D15). */
  hostedTournamentDecided: 'hosted_tournament_decided',
  /** An admin decided a conduct report about the member, or suspended, banned or lifted them (D15, D24). */
  conductDecision: 'conduct_decision',
  /** An admin resolved the member's appeal (D24). */
  appealResolved: 'appeal_resolved',
  /** An admin refunded one of the member's payments (D24): what it bought, and whether a spot or ticket went with it. */
  paymentRefunded: 'payment_refunded',
} as const;

/** PATCH /api/notifications/read: how many of the caller's notifications went from unread to read. */
export interface MarkNotificationsReadResult {
  updated: number;
}
