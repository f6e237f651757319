/** The session-scoped flag that remembers the intro video was seen (000 s4, s9). */
export const INTRO_SEEN_KEY = 'wta-intro-seen';

/**
 * True when this browser session has already seen (or skipped) the intro. A browser that refuses sessionStorage
 * (some private modes) counts as having seen it: an intro that could never be dismissed for good would replay on
 * every visit to the landing page.
 */
export function hasSeenIntro(): boolean {
  try {
    return window.sessionStorage.getItem(INTRO_SEEN_KEY) !== null;
  } catch {
    return true;
  }
}

/** Stores the seen flag for the rest of the browser session. */
export function markIntroSeen(): void {
  try {
    window.sessionStorage.setItem(INTRO_SEEN_KEY, '1');
  } catch {
    // Storage refused: hasSeenIntro() already treats this browser as having seen it.
  }
}
