// Plain values only (no imports): the bundle budget (scripts/budget.ts) reads this list under Node's type stripping.

/**
 * The public pages of the route table that are rendered here (000 s2, 001 s2); matching is case-insensitive. /teams
 * alone is the owner's own page (signed in, not rendered); /teams/{id} and /team/{id} are a team's public profile.
 */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/tournaments\/?$/i,
  /^\/tournaments\/[^/]+\/?$/i,
  /^\/divisions\/[^/]+\/?$/i,
  /^\/player\/[^/]+\/?$/i,
  /^\/teams?\/[^/]+\/?$/i,
  // The league's record and discovery (issue 16).
  /^\/(?:bracket-archive|leaderboards|search|blog)\/?$/i,
  /^\/blog\/[^/]+\/?$/i,
  // The static pages of 001 s2: the legal texts, the maintenance notice and the 403 page.
  /^\/(?:terms|privacy|code-of-conduct|maintenance|unauthorized)\/?$/i,
];

export function isRenderedPage(path: string): boolean {
  return PUBLIC_PAGES.some((pattern) => pattern.test(path));
}
