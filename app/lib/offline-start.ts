/**
 * What a page starts once it is ready, in one chunk (ADR 048): the saved query cache's storage (idb and TanStack's
 * persister) and workbox-window to register the service worker. Each was a dynamic import of its own, requests of
 * 0.7-2.6 KB compressed with ~0.3 KB of headers each on a first visit; they are fetched at the same moment (the page
 * is ready and the browser idle), so one request does. An offline launch asks for it first (the persister), from the
 * service worker's copy. The outbox's triggers are not in it: they start only when the outbox has work (ADR 049).
 */
export * from './query-persister.ts';
export { Workbox } from 'workbox-window';
