import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const themeColor = '#111110';

export default defineConfig({
  plugins: [
    // Must run before react(): it rewrites route files into code-split chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'app/routes',
      generatedRouteTree: 'app/routeTree.gen.ts',
    }),
    react(),
    VitePWA({
      // The app asks before swapping in a new version (app/lib/service-worker.ts registers with workbox-window).
      registerType: 'prompt',
      injectRegister: false,
      // globPatterns below already precaches the icons, favicon and manifest; listing them again duplicated entries.
      includeManifestIcons: false,
      manifest: {
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
        categories: ['sports'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // The intro/hero videos and posters (public/media) are never precached: hundreds of KB a visitor may not need.
        globIgnores: ['media/**'],
        navigateFallback: 'index.html',
        // API calls and the Google redirect are never answered by the app shell.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the size budget and the bench read each route's first-load chunks from it.
    manifest: true,
    target: 'es2022',
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
});
