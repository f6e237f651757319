// The built page renderer (app/entry-server.tsx through `vite build --ssr`, ADR 027), imported by the Worker host.
declare module '*/dist-server/entry-server.js' {
  export const isKnownPage: import('./features/pages/render.ts').PageRenderer['isKnownPage'];
  export const renderPage: import('./features/pages/render.ts').PageRenderer['renderPage'];
}
