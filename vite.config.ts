import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pandacss from '@pandacss/dev/postcss';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type CSSOptions, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './app/manifest.ts';
import { pruneUnusedVariables } from './scripts/postcss/prune-unused-variables.ts';
import { pandaStaticCss } from './scripts/vite/panda-static-css.ts';
import { inlineFavicon } from './scripts/vite/inline-favicon.ts';
import { leanRecipes } from './scripts/vite/lean-recipes.ts';
import { routePreloads } from './scripts/vite/route-preloads.ts';
import { apiReferenceFiles } from './scripts/vite/api-reference-files.ts';

// `vite build` builds the PWA into dist/; `vite build --ssr` (npm run build does both) builds the server renderer
// (app/entry-server.tsx, ADR 027) into dist-server/, outside dist/ so no host ever serves it as a file. Node cannot
// import the app's sources itself (Panda's styled-system is imported as directories), so the renderer is built.
/** Libraries mark their client components "use client" for React Server Components, which this app does not use. */
/** app/boot.ts's chunk: index.html's module, the first script, and Vite's module preload helpers. */
const bootModule = /(?:[\\/]index\.html|[\\/]app[\\/]boot\.ts|vite[\\/](?:modulepreload-polyfill|preload-helper)\.js)$/;
/** React, react-dom and its scheduler: the runtime every screen needs, one chunk of its own (issue 36). */
const reactRuntime = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/**
 * The small parts most screens share (ADR 048): the card, alert, badge, tabs, countdown and title helpers, the
 * infinite list's hook and the icons of a tournament's card. Each was a chunk of its own, 0.2-1 KB compressed, and
 * each chunk is a request with ~0.3 KB of headers on HTTP/1.1: a first visit to `/tournaments` made 18 such requests.
 * Together they are one chunk of ~4 KB gz, fetched by every screen that uses any of them.
 */
const screenKit = new RegExp(
  [
    String.raw`app[\\/]ui[\\/](alert|badge|card|countdown|document-title|load-more|needs-connection|tabs)\.tsx$`,
    String.raw`app[\\/]lib[\\/]focus-new-items\.ts$`,
    String.raw`app[\\/]features[\\/]tournaments[\\/]components[\\/]fetch-error\.tsx$`,
    String.raw`@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]infiniteQueryObserver\.js$`,
    String.raw`@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]useInfiniteQuery\.js$`,
    String.raw`lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](badge-check|calendar-days|lock|map-pin|trophy|users|x)\.mjs$`,
  ].join('|'),
);
/**
 * What a tournament's page needs at first load that other screens share in part (ADR 075): its tabs' class names and
 * who may manage it (shared with its lazy tabs), and four icons (Add to Calendar, the cancelled notice, back, a
 * check). Each was a chunk of its own, 0.15-0.25 KiB gz, a request and a name in the route table's list of files:
 * one chunk is ~0.4 KiB gz less on that page, which pays for the embed and broadcast routes every first load now
 * carries. A screen that uses one of the icons fetches the other five (~0.4 KiB gz) with it.
 */
const tournamentKit = new RegExp(
  [
    String.raw`app[\\/]features[\\/]tournaments[\\/](components[\\/]tab-styles|cancellation-and-host)\.ts$`,
    String.raw`lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-left|ban|calendar-plus|check)\.mjs$`,
  ].join('|'),
);
/** Where the app's code may name a CSS variable (an inline style): those stay in the stylesheets (ADR 049). */
const stylesheetSources = [fileURLToPath(new URL('./app', import.meta.url)), fileURLToPath(new URL('./index.html', import.meta.url))];
type PostcssPlugins = NonNullable<Exclude<CSSOptions['postcss'], string | undefined>['plugins']>;
const stylesheet: CSSOptions = {
  postcss: {
    // Vite brings its own copy of postcss: the plugins are written against the project's (one API, two sets of types).
    plugins: [
      pandacss(),
      pruneUnusedVariables({ sources: stylesheetSources }),
    ] as unknown as PostcssPlugins,
  },
};
const onwarn: NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['onwarn'] = (warning, warn) => {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
};

const routePreloadFiles = {
  manifest: fileURLToPath(new URL('./dist/.vite/manifest.json', import.meta.url)),
  routeTree: fileURLToPath(new URL('./app/routeTree.gen.ts', import.meta.url)),
  indexHtml: fileURLToPath(new URL('./dist/index.html', import.meta.url)),
};

/**
 * A precache manifest transform leaving out the chunks of the given route files (read from dist/.vite/manifest.json,
 * written before the service worker is built): only their own screen chunk, never a chunk other screens share.
 */
function notPrecached(routeFiles: string[]) {
  return <T extends { url: string }>(entries: T[]) => {
    const manifest = JSON.parse(readFileSync(routePreloadFiles.manifest, 'utf8')) as Record<string, { file: string }>;
    const left = new Set(
      Object.entries(manifest)
        .filter(([src]) => routeFiles.some((file) => src === file || src.startsWith(`${file}?`)))
        .map(([, chunk]) => chunk.file),
    );
    if (left.size === 0) throw new Error(`notPrecached: no chunk of ${routeFiles.join(', ')} in the build manifest`);
    return { manifest: entries.filter((e) => !left.has(e.url)), warnings: [] };
  };
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  // The renderer bundles its libraries (the Worker bundles dist-server/ as it is, and one file per host is simpler to
  // ship than a node_modules beside it), with React's production builds: React's CommonJS entries choose their build
  // from process.env.NODE_ENV, which an SSR build leaves to run time; named here, the development builds are never
  // bundled (issue 36).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development') } : undefined,
  // One renderer for both hosts, built for what they share, web APIs (ADR 058): a library's workerd or worker build
  // where it has one (TanStack Router's says it runs on a server), its browser build where its main one is Node's
  // (qrcode's needs fs and zlib). Built for Node, CommonJS requires of Node's modules made Rolldown load them through
  // `createRequire(import.meta.url)`, which throws on workerd, so every page answered 500 there (issue 35).
  ssr: {
    noExternal: true,
    resolve: {
      conditions: ['workerd', 'worker', 'module', 'development|production'],
      mainFields: ['browser', 'module', 'jsnext:main', 'jsnext'],
    },
  },
  // Panda writes the stylesheet (app/index.css's layers); then the variables nothing reads are dropped (ADR 049).
  css: stylesheet,
  plugins: [
    // The recipes' class names without Panda's style runtime (ADR 048); the renderer's build too, so both agree.
    leanRecipes(),
    // Rewrites route files into code-split chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loading skeleton travels with its screen: it is shown while a client navigation waits for data,
      // by which time the screen's chunk (fetched at the same moment) is there; a server-rendered first load never
      // shows it, so it has no place in every page's first-load JS (issue 12's budget).
      codeSplittingOptions: { defaultBehavior: [['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: 'app/routes',
      generatedRouteTree: 'app/routeTree.gen.ts',
    }),
    // React's JSX and Fast Refresh in `npm run dev` (issue 36).
    react(),
    // Static `css({...})` calls become their class strings at build time (ADR 038): the browser skips Panda's runtime.
    pandaStaticCss({ cssModule: new URL('./styled-system/css/index.mjs', import.meta.url).href }),
    // The renderer names each page's screen chunks in <head> (read from the client build, which `npm run build` runs
    // first).
    isSsrBuild && routePreloads(routePreloadFiles),
    // The favicon inside the page: one request fewer on every first visit (ADR 049).
    // The public API's reference page runs Swagger UI from our origin (/vendor/swagger-ui/, ADR 074).
    !isSsrBuild && apiReferenceFiles(fileURLToPath(new URL('./edge/v1/docs-assets', import.meta.url))),
    !isSsrBuild && inlineFavicon(fileURLToPath(new URL('./public/favicon.svg', import.meta.url))),
    !isSsrBuild &&
    VitePWA({
      // Our own service worker (app/sw.ts, ADR 015): precache plus runtime caching and the outbox's Background Sync.
      strategies: 'injectManifest',
      srcDir: 'app',
      filename: 'sw.ts',
      // The app asks before swapping in a new version (app/lib/service-worker.ts registers with workbox-window).
      registerType: 'prompt',
      injectRegister: false,
      // globPatterns below already precaches the icons, favicon and manifest; listing them again duplicated entries.
      includeManifestIcons: false,
      manifest: webManifest,
      injectManifest: {
        // The app shell and every route's chunks: the installed app opens offline on any page.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // The intro/hero videos and posters (public/media) are never precached: hundreds of KB a visitor may not need
        // (posters are cached at runtime once seen). The manifest's screenshots are for install dialogs only, and so
        // are its icons but the two a notification shows (icon-192, icon-96) and the apple-touch-icon: the system
        // fetches them once, online, when the app is installed (ADR 068: 45 KiB less for every first visit).
        globIgnores: [
          // The API's reference page (1.9 MB of Swagger UI) is for developers at a desk, online: never precached.
          'vendor/**',
          'media/**',
          'screenshots/**',
          'icons/icon-{48,72,128,144,152,256,384,512}.png',
          'icons/icon-maskable-*.png',
          'icons/shortcut-*.png',
        ],
        // The admin console's screen (89 KiB, admins only, on a desktop) is not in every install's download: it is
        // fetched on first use and kept then by the service worker's code cache (app/sw.ts, ADR 071). Nor are the
        // embedded bracket's and the broadcast view's screens (D45, ADR 075, ~7.5 KiB): the one lives in other sites'
        // iframes, where no worker of ours is registered, the other on a stream's machine, online by nature.
        manifestTransforms: [
          notPrecached([
            'app/routes/admin.tsx',
            'app/routes/embed.tournaments.$id.bracket.tsx',
            'app/routes/tournaments_.$id.broadcast.tsx',
            'app/features/competition/components/broadcast-view.tsx',
            // D44's Edit Profile cards (ADR 074): online only, for the few who build on the league.
            'app/features/api-keys/components/api-keys-card.tsx',
            'app/features/webhooks/components/webhooks-card.tsx',
          ]),
        ],
        // One classic script (no module worker): every browser that has service workers runs it.
        rollupFormat: 'iife',
      },
    }),
  ],
  build: isSsrBuild
    ? {
        outDir: 'dist-server',
        target: 'es2022',
        copyPublicDir: false,
        emptyOutDir: true,
        // 'node' would make Rolldown's runtime a Node module (createRequire); the renderer runs on workerd too.
        rolldownOptions: { onwarn, platform: 'neutral' },
      }
    : {
        outDir: 'dist',
        // dist/.vite/manifest.json: the size budget and the bench read each route's first-load chunks from it.
        manifest: true,
        target: 'es2022',
        // Everything the first load needs in one chunk: left to itself, Rolldown cuts modules that later screens also
        // import into a dozen small shared chunks, and each compresses on its own (about 4 KiB gz lost, issue 12).
        rolldownOptions: {
          onwarn,
          // Panda's generated recipe modules only define their recipe, but each does it with a call Rolldown must
          // assume has effects (`memo(...)`), so one import from the recipes index kept all twelve, dialog, menu and
          // toast included, in the first load (issue 16's budget). Declared free of side effects, an unused recipe
          // is dropped and a used one goes where it is used.
          // The same holds for Panda's css runtime (`createCss(...)` at its top level) and helpers: with the recipes'
          // own class names (leanRecipes above), nothing in a first load calls them, and they are dropped (ADR 048).
          treeshake: {
            moduleSideEffects: [{ test: /\/styled-system\/(recipes\/|css\/|helpers\.mjs)/, sideEffects: false }],
          },
          // The page's first script (app/boot.ts, ADR 044) fetches the app once the page has painted: the app is an
          // entry of its own, so what it needs at once still lands in the one chunk, and the first script (with
          // index.html's module and the two helpers of Vite's its import uses) stays a chunk of its own.
          input: { index: 'index.html', main: 'app/main.tsx' },
          output: {
            chunkFileNames: 'assets/[hash].js',
            codeSplitting: {
              groups: [
                { name: 'boot', test: bootModule, priority: 1 },
                // React apart from the app (issue 36): evaluated in a task of its own (app/lib/react-first.ts), and
                // cached across deploys that change only the app's code.
                { name: 'react', test: reactRuntime, priority: 1 },
                { name: 'app', tags: ['$initial'] },
                { name: 'screen-kit', test: screenKit },
                { name: 'tournament-kit', test: tournamentKit },
              ],
            },
          },
        },
      },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
}));
