import { webhookEventTypes, type WebhookEventType } from '../../../db/schema/webhooks.ts';

// D44's webhooks: the words of the API and the card, and the shapes of their answers. No zod here (ADR 069).

export { webhookEventTypes, type WebhookEventType };

/** Endpoints a member may keep at once. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_URL_MAX = 500;
/** Retries after a failed attempt: 1 min, 5 min, 30 min, 2 h, then every 6 h, for 72 hours from the first attempt. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
export const RETRY_EVERY_MS = 6 * 60 * 60_000;
export const GIVE_UP_AFTER_MS = 72 * 60 * 60_000;
/** How long one attempt waits for the receiver's answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + '.' + body)>`. */
export const SIGNATURE_HEADER = 'WTA-Signature';

export const WEBHOOK_MESSAGES = {
  url: `The address must be an https URL of at most ${WEBHOOK_URL_MAX} characters`,
  address: 'The address must be a public internet address (not a private, local or metadata one)',
  events: `Events must be a list of: ${webhookEventTypes.join(', ')}`,
  notAllowed: 'Only the tournament host or an admin can add a webhook for this tournament',
  leagueOnlyAdmins: 'Only admins can add a webhook for the whole league',
  tournamentNotFound: 'Tournament not found',
  tooMany: `You can keep at most ${WEBHOOK_ENDPOINTS_MAX} webhooks. Delete one first.`,
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  disabledTitle: 'Webhook Disabled',
} as const;

/** The owner's notice when 72 hours of failures disable an endpoint. */
export function disabledBody(url: string): string {
  return `Your webhook ${url} has failed for 72 hours and was disabled. Fix the receiver, then enable it on Edit Profile.`;
}

/** One endpoint as its owner sees it (the secret never again). */
export interface WebhookEndpointSummary {
  id: number;
  url: string;
  /** Null: the whole league (admins). */
  tournamentId: number | null;
  tournamentTitle: string | null;
  events: WebhookEventType[];
  createdAt: string;
  failingSince: string | null;
  disabledAt: string | null;
}

/** POST's answer: the summary and, this once, the signing secret. */
export interface CreatedWebhookEndpoint extends WebhookEndpointSummary {
  secret: string;
}

/** One line of an endpoint's delivery log. */
export interface WebhookDeliverySummary {
  id: number;
  eventId: string;
  type: WebhookEventType;
  sequence: number;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  responseStatus: number | null;
  responseBody: string | null;
}
