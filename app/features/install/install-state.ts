// The install state of the app, captured from the first moment the shell runs: Chrome fires `beforeinstallprompt`
// once per page load, possibly before any lazy component could listen, so this small module (no React, no UI) is
// imported eagerly and keeps the event; the Install button itself loads only when there is something to offer.

/** Chromium's install prompt event (not in lib.dom). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallState {
  /** The browser offers installation: `promptInstall()` shows its dialog. */
  canPrompt: boolean;
  /** Running as the installed app (display-mode standalone, or iOS home-screen mode). */
  installed: boolean;
  /** iOS/iPadOS, where no browser fires beforeinstallprompt: Share, then Add to Home Screen. */
  ios: boolean;
}

/** localStorage key: the iOS hint was dismissed and is never shown again on this device. */
export const IOS_HINT_DISMISSED_KEY = 'wta-install-ios-hint-dismissed';

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallState = { canPrompt: false, installed: false, ios: false };
const listeners = new Set<() => void>();

function set(next: Partial<InstallState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia('(display-mode: standalone)').matches;
}

/** iPhone, iPod and iPad (iPadOS reports itself as a Mac with a touch screen). */
export function isIos(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (platform === 'MacIntel' && maxTouchPoints > 1);
}

if (typeof window !== 'undefined') {
  state = {
    canPrompt: false,
    installed: isStandalone(),
    ios: isIos(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
  };
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the app offers installation in its own place.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    set({ canPrompt: true });
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    set({ canPrompt: false, installed: true });
  });
  window.matchMedia('(display-mode: standalone)').addEventListener('change', (event) => {
    if (event.matches) set({ installed: true });
  });
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getInstallState(): InstallState {
  return state;
}

/** Shows the browser's install dialog; the event can be used once, so the button goes away whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  set({ canPrompt: false });
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}
