import { lazy, Suspense, useSyncExternalStore } from 'react';
import { whenIdle } from '../../../lib/next-task.ts';
import { getInstallState, IOS_HINT_DISMISSED_KEY, subscribeInstallState } from '../install-state.ts';

// The button and the iOS hint load only when they have something to show: most visits never download them. Their
// code is asked for when the browser is next idle: a server-rendered page shows this entry in the render that ends
// its hydration, and the import (with the module preload links Vite adds for it) made that task longer on a phone
// (issue 12, TBT).
const InstallPrompt = lazy(async () => {
  await new Promise<void>((resolve) => whenIdle(resolve));
  return import('./install-prompt.tsx');
});

// A server-rendered page shows no install entry: the browser decides after hydration, so both first renders agree.
const SERVER_STATE = { canPrompt: false, installed: true, ios: false };
const serverState = () => SERVER_STATE;

function iosHintDismissed(): boolean {
  try {
    return localStorage.getItem(IOS_HINT_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The shell's install entry (issue 5): an 'Install app' button where the browser offers installation, the
 * 'Add to Home Screen' hint on iOS, nothing in the installed app. Floats over the bottom-left corner, so the page
 * never moves when it appears.
 */
export function InstallEntry() {
  const state = useSyncExternalStore(subscribeInstallState, getInstallState, serverState);
  if (state.installed) return null;
  const mode = state.canPrompt ? 'prompt' : state.ios && !iosHintDismissed() ? 'ios' : null;
  if (!mode) return null;
  return (
    <Suspense fallback={null}>
      <InstallPrompt mode={mode} />
    </Suspense>
  );
}
