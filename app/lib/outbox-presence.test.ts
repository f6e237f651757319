import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// When the outbox's code starts (ADR 049): only once this device's outbox may hold something. IndexedDB's list of
// databases is scripted; the channel is Node's real BroadcastChannel (instances in one process hear each other, as
// tabs and the service worker do).

type Presence = typeof import('./outbox-presence.ts');

let databases: { name: string }[] | 'unsupported' | 'fails';
const onlineListeners: (() => void)[] = [];

async function load(): Promise<Presence> {
  vi.resetModules();
  return import('./outbox-presence.ts');
}

/** Lets the scripted promises (the database list, the start) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  databases = [];
  onlineListeners.length = 0;
  vi.stubGlobal('indexedDB', {
    get databases() {
      if (databases === 'unsupported') return undefined;
      const list = databases;
      return () => (list === 'fails' ? Promise.reject(new Error('SecurityError')) : Promise.resolve(list));
    },
  });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => {
    if (type === 'online') onlineListeners.push(listener);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the outbox starts only when it may hold something', () => {
  it('starts at once when the outbox database exists on this device', async () => {
    databases = [{ name: 'wta-query-cache' }, { name: 'wta-outbox' }];
    const { startOutboxWhenUsed } = await load();
    const start = vi.fn(() => Promise.resolve());
    startOutboxWhenUsed(start);
    await settle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits on a device that never queued anything, and starts once, when this page queues an entry', async () => {
    databases = [{ name: 'wta-query-cache' }];
    const { startOutboxWhenUsed, outboxWanted } = await load();
    const start = vi.fn(() => Promise.resolve());
    startOutboxWhenUsed(start);
    await settle();
    expect(start).not.toHaveBeenCalled();
    outboxWanted();
    outboxWanted();
    await settle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts when another tab or the service worker announces an entry on the outbox channel', async () => {
    const { startOutboxWhenUsed, OUTBOX_CHANNEL } = await load();
    const start = vi.fn(() => Promise.resolve());
    startOutboxWhenUsed(start);
    await settle();
    expect(start).not.toHaveBeenCalled();
    const otherTab = new BroadcastChannel(OUTBOX_CHANNEL);
    otherTab.postMessage({ type: 'changed' });
    otherTab.close();
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
  });

  it('starts when the browser cannot list its databases (no way to know, so no risk taken)', async () => {
    for (const answer of ['unsupported', 'fails'] as const) {
      databases = answer;
      const { startOutboxWhenUsed } = await load();
      const start = vi.fn(() => Promise.resolve());
      startOutboxWhenUsed(start);
      await settle();
      expect(start, answer).toHaveBeenCalledTimes(1);
    }
  });

  it('an entry queued before the app asked still starts the outbox as soon as it does', async () => {
    const { startOutboxWhenUsed, outboxWanted } = await load();
    outboxWanted();
    const start = vi.fn(() => Promise.resolve());
    startOutboxWhenUsed(start);
    await settle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('code that could not be fetched is asked for again when the connection returns', async () => {
    databases = [{ name: 'wta-outbox' }];
    const { startOutboxWhenUsed } = await load();
    const start = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(undefined);
    startOutboxWhenUsed(start);
    await settle();
    expect(start).toHaveBeenCalledTimes(1);
    expect(onlineListeners).toHaveLength(1);
    onlineListeners[0]!();
    await settle();
    expect(start).toHaveBeenCalledTimes(2);
  });
});
