import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getInstallState, IOS_HINT_DISMISSED_KEY, subscribeInstallState } from '../install-state.ts';

// The button and the iOS hint load only when they have something to show: most visits never download them.
const InstallPrompt = lazy(() => import('./install-prompt.tsx'));

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
