import { flushOutbox } from './outbox-send.ts';
import { listOutbox } from './outbox-store.ts';

/**
 * The service worker's side of the outbox: called on the Background Sync tag 'wta-outbox' (Chromium fires it when
 * the connection returns, even with the app closed). Rejecting tells the browser to try the sync again later with
 * its own backoff, so it rejects while the signed-in user still has entries waiting, and while the server cannot
 * say who is signed in (no connection, a 5xx). It resolves (the browser forgets the sync) only when nothing is left
 * to try: everything sent or refused, or nobody signed in (401), whose entries wait for the app's next sign-in.
 */
export async function flushFromServiceWorker(): Promise<void> {
  const result = await flushOutbox({ force: true });
  if (!result.userId) {
    if (result.nextAttemptAt !== null) throw new Error('outbox: the server could not say who is signed in');
    return;
  }
  const left = (await listOutbox(result.userId)).filter((entry) => entry.state !== 'failed');
  if (left.length > 0) throw new Error(`outbox: ${left.length} request(s) still waiting`);
}
