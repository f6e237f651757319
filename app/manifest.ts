import type { ManifestOptions } from 'vite-plugin-pwa';

/** The app's colour behind the splash screen and in the browser's UI (the theme's darkest neutral). */
export const themeColor = '#111110';

/** Sizes of the 'any' icons (public/icons/icon-{size}.png, written by scripts/make-icons.mjs). */
export const iconSizes = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const;

/**
 * The app's screenshots (public/media/screenshots, written by scripts/make-screenshots.ts from the built app with the
 * demo league). They live under media/ so the service worker never precaches them: only the install dialog shows them.
 */
export const screenshots = [
  {
    src: '/media/screenshots/tournaments-narrow.png',
    sizes: '1080x1920',
    type: 'image/png',
    form_factor: 'narrow',
    label: 'Upcoming tournaments with their prize pools and entry fees',
  },
  {
    src: '/media/screenshots/tournaments-wide.png',
    sizes: '1920x1080',
    type: 'image/png',
    form_factor: 'wide',
    label: 'The tournament list on a desktop screen',
  },
] as const;

/** The web app manifest (issue 5): what an installed WTA League looks like on a home screen. Used by vite.config.ts. */
export const webManifest: Partial<ManifestOptions> = {
  name: 'WTA League',
  short_name: 'WTA',
  description: 'One-day cash-prize tournaments. Where you win cash, not trophies for bragging rights.',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  background_color: themeColor,
  theme_color: themeColor,
  lang: 'en-US',
  dir: 'ltr',
  categories: ['sports', 'entertainment'],
  prefer_related_applications: false,
  icons: [
    ...iconSizes.map((size) => ({
      src: `/icons/icon-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any',
    })),
    // The coin stays inside the central 80% safe zone; the launcher may crop the rest to any shape.
    { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    {
      name: 'Tournaments',
      short_name: 'Tournaments',
      description: 'Upcoming tournaments, prize pools and countdowns',
      url: '/tournaments',
      icons: [{ src: '/icons/shortcut-tournaments-96.png', sizes: '96x96', type: 'image/png' }],
    },
    {
      name: 'My Tickets',
      short_name: 'Tickets',
      description: 'Your event tickets and their QR codes',
      url: '/tickets',
      icons: [{ src: '/icons/shortcut-tickets-96.png', sizes: '96x96', type: 'image/png' }],
    },
  ],
  screenshots: screenshots.map((s) => ({ ...s })),
};
