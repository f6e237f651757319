import type { z } from 'zod';
import type { subscribeSchema } from './requests.ts';

/** D28's texts and the push feature's refusals. */
export const PUSH_TEXTS = {
  notConfigured: 'Push notifications are not configured on this server',
  endpoint: 'This push service is not supported',
  keys: 'The subscription keys are not valid',
  notFound: 'Device not found',
} as const;

/**
 * The push services browsers subscribe with (Chrome and Edge: FCM; Firefox: Mozilla; Safari: Apple; Windows: WNS).
 * The server posts to a subscription's endpoint, so only these hosts (and their subdomains) are accepted: anything
 * else would let a member make the server call an address of their choosing.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

export type SubscribeRequest = z.infer<typeof subscribeSchema>;

/** GET /api/push/public-key: the VAPID key the browser subscribes with. */
export interface PushPublicKey {
  publicKey: string;
}

/** One of the member's devices that receive notifications (Edit Profile, D28). */
export interface PushDevice {
  id: number;
  /** "Chrome on Android", from the User-Agent of the session it was turned on in. */
  device: string;
  createdAt: string;
  lastPushedAt: string | null;
  /** The device this request came from. */
  current: boolean;
}

/** What a push carries (encrypted, RFC 8291); the service worker shows it and opens `link` when tapped. */
export interface PushPayload {
  title: string;
  body: string;
  /** A same-site path. */
  link: string;
  /** Notifications with one tag replace each other (one per conversation). */
  tag: string;
}
