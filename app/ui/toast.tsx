import { useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { externalValue } from '../lib/external-value.ts';
import { laterPartsHydrated } from '../lib/later-hydration.ts';
import { nextTask } from '../lib/next-task.ts';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: ReactNode;
  variant?: ToastVariant;
  /** One optional action button, e.g. Reload when a new version is ready. */
  action?: { label: string; onClick: () => void };
}

// The toast region's code (ui/toaster.tsx) is fetched at the visitor's first tap or key press
// (preloadToasterOnInteraction, called by main.tsx): nearly every toast answers one, and a visit that only reads
// raises none, so a first visit does not fetch it before the visitor interacts (issue 12, ADR 049). A signed-in
// account gets it once the page is idle (preloadToaster), so most toasts it raises offline need no network; a screen
// whose offline answer is a toast and may come before that (the waiver form) imports the code with its own
// (toasterLoaded, below). Offline, an installed app has it from the service worker's copy. Its region mounts with the page's first toast: mounting it
// on every page was one of a phone's longer tasks after hydration (issue 12, TBT). A failed fetch is forgotten, so
// the next toast asks again (a browser that keeps a failed module fetch for the page's life, as Chromium 150 still
// does, fails it again: whatwg/html#10327).
type ToasterModule = Pick<typeof import('./toaster.tsx'), 'default' | 'regionMounted' | 'showToast'>;
let toasterModule: Promise<ToasterModule> | undefined;

/**
 * Called by ui/toaster.tsx as it runs: a screen whose offline answer is a toast brings the toaster's code with its own
 * (the waiver form), and the dynamic import below would still fetch a small re-export chunk, which offline, with no
 * service worker yet, fails. Its own module settles it instead.
 */
export function toasterLoaded(module: ToasterModule): void {
  toasterModule ??= Promise.resolve(module);
}

const loadToaster = () =>
  (toasterModule ??= import('./toaster.tsx').catch((error: unknown) => {
    toasterModule = undefined;
    throw error;
  }));

const interactions = ['pointerdown', 'keydown'] as const;

/** Fetches the toaster's code ahead of the first toast (main.tsx: for a signed-in account, once the page is idle). */
export function preloadToaster(): void {
  void loadToaster().catch(() => undefined);
}

/** Fetches the toaster's code ahead of the first toast, at the first tap or key press (main.tsx). */
export function preloadToasterOnInteraction(): void {
  const preload = () => {
    for (const type of interactions) removeEventListener(type, preload, true);
    void loadToaster().catch(() => undefined);
  };
  for (const type of interactions) addEventListener(type, preload, { capture: true, passive: true });
}

/** Whether the region should be in the page: from the page's first toast on (until its code fails to load). */
const regionWanted = externalValue(false);
const regionNotWanted = () => false;

/**
 * The region for the first toast, and the toaster once the region is in the page: a live region that appears with
 * its message already inside is not announced by every screen reader, so the message is added after it.
 */
async function toasterWithRegion(): Promise<ToasterModule> {
  regionWanted.set(true);
  const module = await loadToaster();
  await module.regionMounted;
  return module;
}

/**
 * Shows a toast (000 s9): one at a time, the newest replacing the one on screen, 5 s, swipe right to dismiss,
 * F8 to focus. Variants: default and destructive.
 */
export function toast(input: ToastInput): void {
  void toasterWithRegion().then(
    (module) => module.showToast(input),
    () => undefined,
  );
}

/**
 * Shows a toast and resolves once it is on screen (the region may still be loading when it is raised), so that a
 * "toast, then leave the page after N ms" sequence (000 s9) counts from when the message can be read.
 */
export async function toastShown(input: ToastInput): Promise<void> {
  const module = await toasterWithRegion();
  module.showToast(input);
}

/**
 * The app-wide toast region; render once in the shell. It mounts with the page's first toast, never before the page
 * has hydrated, and its code runs and it mounts in tasks of their own: together with a part of the page
 * they made one long task on a phone (issue 12, TBT).
 */
export function Toaster() {
  const wanted = useSyncExternalStore(regionWanted.subscribe, regionWanted.get, regionNotWanted);
  const [Region, setRegion] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted || Region) return;
    let live = true;
    void laterPartsHydrated()
      .then(nextTask)
      .then(loadToaster)
      .then(async (module) => {
        await nextTask();
        if (live) setRegion(() => module.default);
      })
      // The code could not be fetched (offline before it was ever loaded): the toast is dropped, the next one retries.
      .catch(() => {
        if (live) regionWanted.set(false);
      });
    return () => {
      live = false;
    };
  }, [wanted, Region]);
  return Region ? <Region /> : null;
}
