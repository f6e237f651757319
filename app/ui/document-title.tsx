import { useEffect } from 'react';

/** The title when no screen names one: the site's, as in index.html. */
const SITE_TITLE = 'WTA League';

/** The titles of the mounted screens, in the order they mounted; the newest one is the document's. */
const mounted: Array<{ text: string }> = [];

function apply(): void {
  document.title = mounted.at(-1)?.text ?? SITE_TITLE;
}

/**
 * The document's title while this screen is shown. React 19 lifted a `<title>` rendered anywhere into `<head>`;
 * Preact (ADR 042) leaves elements where they are, and the browser only reads a title in `<head>`. So a screen names
 * its title with this instead. Renders nothing, on the server too: a server-rendered page carries its title in the
 * head the server writes from the route's `head` (ADR 027), and this takes over once the page has hydrated.
 */
export function DocumentTitle({ children }: { children: string }) {
  useEffect(() => {
    const entry = { text: children };
    mounted.push(entry);
    apply();
    return () => {
      mounted.splice(mounted.indexOf(entry), 1);
      apply();
    };
  }, [children]);
  return null;
}
