/** True when the visitor asked the system for less motion: videos then show their poster and do not autoplay. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** True when the browser asks to save data (Chrome's Data Saver / Save-Data): decorative video is not fetched. */
export function prefersSavingData(): boolean {
  // The server renders the landing page too (ADR 027): Node before 21 has no `navigator`.
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}
