import type { SignedWaiver, WaiverStatus, WaiverSubmission } from '../../../edge/features/waivers/schema.ts';
import { deliverNow, type DeliveryOutcome } from '../../lib/outbox-send.ts';
import { discard, enqueue } from '../../lib/outbox-store.ts';

export type { SignedWaiver, WaiverStatus, WaiverSubmission };

/** What the app refreshes once the outbox delivers a waiver: the status, and the user (who may now have a birth date). */
export const WAIVER_REFRESHES = ['/api/waivers/status', '/api/auth/user'];

export type WaiverSendOutcome =
  | { state: 'signed'; waiver: SignedWaiver | null }
  | { state: 'queued' }
  | { state: 'refused'; message: string };

/**
 * POST /api/waivers, always through the durable outbox (D16; one path online and offline): the waiver is queued
 * with its client id, then sent at once. The server stored it ('signed'), or the connection failed and it waits
 * in the outbox ('queued'), or the server refused it (4xx: the entry is dropped so the signer can correct the form).
 */
export async function sendWaiver(submission: WaiverSubmission, userId: string): Promise<WaiverSendOutcome> {
  const entry = await enqueue({
    kind: 'waiver',
    method: 'POST',
    url: '/api/waivers',
    body: submission,
    userId,
    invalidates: WAIVER_REFRESHES,
  });
  const outcome: DeliveryOutcome = await deliverNow(entry.id);
  if (outcome.state === 'delivered') return { state: 'signed', waiver: outcome.response as SignedWaiver | null };
  if (outcome.state === 'refused') {
    await discard(entry.id);
    return { state: 'refused', message: outcome.message };
  }
  return { state: 'queued' };
}
