/**
 * The app is written against React's API and runs on Preact (ADR 042): every import of react and react-dom, the
 * app's and its libraries' (TanStack Router and Query, Ark UI, lucide), resolves to preact/compat. The JSX itself is
 * compiled by Vite (tsconfig's react-jsx); its runtime import is aliased too. Shared by the build and Vitest (which
 * renders the public pages through app/entry-server.tsx).
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * Libraries that import React: Vitest loads them through Vite (not Node's own resolution, which would find the real
 * React beside the app's Preact), so the aliases above reach them too.
 */
export const reactLibraries = [/@tanstack\/react-/, /@ark-ui\/react/, /@zag-js\/react/, /lucide-react/, /react-easy-crop/];
