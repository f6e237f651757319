import { lazy, Suspense, type ReactNode } from 'react';
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

// The toast machinery (Ark/zag) loads right after the first paint instead of with it: nothing needs a toast before
// the page has rendered, and toasts raised meanwhile are kept by the store and shown once the region mounts.
let toasterModule: Promise<typeof import('./toaster.tsx')> | undefined;
const loadToaster = () => (toasterModule ??= import('./toaster.tsx'));

/**
 * Shows a toast (000 s9): one at a time, the newest replacing the one on screen, 5 s, swipe right to dismiss,
 * F8 to focus. Variants: default and destructive.
 */
export function toast(input: ToastInput): void {
  void loadToaster().then((module) => module.showToast(input));
}

/**
 * Shows a toast and resolves once it is on screen (the region may still be loading when it is raised), so that a
 * "toast, then leave the page after N ms" sequence (000 s9) counts from when the message can be read.
 */
export async function toastShown(input: ToastInput): Promise<void> {
  const module = await loadToaster();
  module.showToast(input);
  await module.regionMounted;
}

// The region itself comes once the page has hydrated, and its code runs and its machine starts in tasks of their own:
// together with a part of the page they made one long task on a phone (issue 12, TBT).
const LazyToasterRegion = lazy(async () => {
  await laterPartsHydrated();
  await nextTask();
  const module = await loadToaster();
  await nextTask();
  return module;
});

/** The app-wide toast region; render once in the shell. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <LazyToasterRegion />
    </Suspense>
  );
}
