// Apart from checkout.ts: the detail page's first load needs this one function, and checkout.ts's calls load only
// with the Registration, Tickets and Sponsors tabs (components/lazy-panels.tsx).

/** Which tab a `#hash` opens on the detail page (e.g. View Sponsors after a paid sponsorship: #sponsors). */
export function tabFromHash(hash: string, tabs: readonly string[]): string | undefined {
  const name = hash.replace(/^#/, '').toLowerCase();
  return tabs.includes(name) ? name : undefined;
}
