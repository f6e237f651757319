/**
 * Web Push in the browser (D28): what this device can do, and its subscription. The permission is asked only from
 * `turnOnPush`, which a button calls; nothing here runs on load.
 */

/** What this browser allows, read once per render (cheap, no permission prompt). */
export type PushSupport =
  /** Push works here (the permission may still be 'default' or 'denied'). */
  | 'supported'
  /** iPhone or iPad in a browser tab: Web Push needs the app added to the Home Screen (iOS 16.4+). */
  | 'needs-install'
  /** No service worker or Push API (an old browser, a private window in some). */
  | 'unsupported';

interface PushEnvironment {
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  userAgent: string;
  maxTouchPoints: number;
  standalone: boolean;
}

/** What push can do in an environment (pure, for tests). */
export function pushSupportOf(env: PushEnvironment): PushSupport {
  const iOS =
    /\b(iPhone|iPad|iPod)\b/.test(env.userAgent) || (/\bMacintosh\b/.test(env.userAgent) && env.maxTouchPoints > 1);
  if (env.hasServiceWorker && env.hasPushManager && env.hasNotification) return 'supported';
  return iOS && !env.standalone ? 'needs-install' : 'unsupported';
}

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  return pushSupportOf({
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone:
      window.matchMedia('(display-mode: standalone)').matches ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
  });
}

/** The VAPID key as the Push API takes it (base64url to bytes). */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  // Without a registration `ready` never settles (service workers blocked): give up rather than hang the button.
  const found = await navigator.serviceWorker.getRegistration();
  return found ? navigator.serviceWorker.ready : null;
}

/** This browser's subscription, or null. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

export type TurnOnResult = { state: 'on'; subscription: PushSubscriptionJSON } | { state: 'denied' | 'unavailable' };

/** Asks for the permission (call it from a button press), then subscribes with the server's VAPID key. */
export async function turnOnPush(publicKey: string): Promise<TurnOnResult> {
  if (pushSupport() !== 'supported') return { state: 'unavailable' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { state: 'denied' };
  const reg = await registration();
  if (!reg) return { state: 'unavailable' };
  const existing = await reg.pushManager.getSubscription();
  const key = applicationServerKey(publicKey);
  // A subscription made with another key (the server's keys changed) cannot be used: replace it.
  if (existing && !sameKey(existing.options.applicationServerKey, key)) await existing.unsubscribe();
  const subscription =
    (existing && sameKey(existing.options.applicationServerKey, key) ? existing : null) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  return { state: 'on', subscription: subscription.toJSON() };
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Ends this browser's subscription (turning notifications off here, or signing out); answers its endpoint. */
export async function turnOffPush(): Promise<string | null> {
  try {
    const subscription = await currentPushSubscription();
    if (!subscription) return null;
    const endpoint = subscription.endpoint;
    await subscription.unsubscribe();
    return endpoint;
  } catch {
    return null;
  }
}

/** A pushed notification's link, only when it stays on this site (else the dashboard). */
export function samePushLink(link: unknown, origin: string): string {
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) {
    return `${origin}/dashboard`;
  }
  const url = new URL(link, origin);
  return url.origin === origin ? url.href : `${origin}/dashboard`;
}
