/**
 * Registers the service worker written by vite-plugin-pwa (registerType 'prompt'): a new version waits until the
 * user agrees, so a form being filled in is never reloaded away. Production only; workbox-window loads after the
 * page so it never delays first paint.
 */
export function registerServiceWorker(onUpdateReady: (applyUpdate: () => void) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    void import('workbox-window').then(({ Workbox }) => {
      const wb = new Workbox('/sw.js');
      wb.addEventListener('waiting', () => {
        onUpdateReady(() => {
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        });
      });
      void wb.register();
    });
  });
}
