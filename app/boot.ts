/**
 * The page's first script (ADR 044). A page the server rendered is complete without code: its text, its links and its
 * largest image are in the HTML. Its code (the app, ~90-115 KiB gz) is fetched only once the page has loaded and
 * painted, so on a slow connection it never shares the bandwidth with the stylesheet or that image, and the page is
 * readable sooner; the app then hydrates what is on screen. The app shell (signed-in pages, an offline launch) has
 * nothing to show without the app, so it starts the app at once.
 *
 * This file imports nothing but the stylesheet: with the HTML, it is all the browser fetches before the page paints.
 */
import './index.css';

/** An image that never finishes (a stalled connection) must not keep the page from working longer than this. */
const LOAD_WAIT_MS = 3000;

/** The page has loaded (its stylesheet and eager images) and painted a frame since. */
function loadedAndPainted(): Promise<void> {
  return new Promise((resolve) => {
    // A page opened in a background tab paints no frame until shown: its code comes at once instead.
    const painted = () =>
      document.visibilityState === 'hidden' ? resolve() : requestAnimationFrame(() => setTimeout(resolve, 0));
    if (document.readyState === 'complete') painted();
    else addEventListener('load', painted, { once: true });
    setTimeout(resolve, LOAD_WAIT_MS);
  });
}

/** Links added per task: a phone spends a millisecond or more on each, and a page names up to ~40 (issue 12, TBT). */
const PRELOADS_PER_TASK = 6;

/**
 * The server names the code of the page's screen in `<meta name="wta-screen-code">`; fetched beside the app
 * (modulepreload links, which main.tsx then runs one per task) instead of after it has run. The links are added a
 * few per task: all at once they were the page's longest task on a phone.
 */
function preloadScreenCode(): void {
  const names = document.querySelector<HTMLMetaElement>('meta[name="wta-screen-code"]')?.content.split(' ') ?? [];
  const hrefs = names.filter(Boolean);
  for (let start = 0; start < hrefs.length; start += PRELOADS_PER_TASK) {
    setTimeout(() => {
      for (const href of hrefs.slice(start, start + PRELOADS_PER_TASK)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.append(link);
      }
    }, 0);
  }
}

// No top-level await here: the app's chunks import Vite's preload helper from this one, so this module must finish
// evaluating before the app it imports can run.
const ready = document.getElementById('wta-ssr') ? loadedAndPainted().then(preloadScreenCode) : Promise.resolve();
void ready.then(() => import('./main.tsx'));
