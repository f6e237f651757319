// D44: where a webhook may be sent, names resolved as the Node host resolves them (here a fake resolver).
import { describe, expect, it } from 'vitest';
import { checkDestination } from './address.ts';

const resolver = (table: Record<string, string[]>) => async (host: string) => {
  if (!(host in table)) throw new Error('ENOTFOUND');
  return table[host]!;
};

describe('checkDestination', () => {
  const resolve = resolver({
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'],
    'rebind.example.com': ['93.184.216.34', '10.1.2.3'],
    'metadata.example.com': ['169.254.169.254'],
    'mapped.example.com': ['::ffff:127.0.0.1'],
  });

  it('accepts https to names resolving only to public addresses', async () => {
    expect(await checkDestination('https://hooks.example.com/wta', { allowLoopback: false, resolve })).toEqual({
      ok: true,
    });
  });

  it('refuses names resolving to any private, metadata or mapped loopback address, and names that do not resolve', async () => {
    for (const host of ['rebind.example.com', 'metadata.example.com', 'mapped.example.com', 'nowhere.example.com']) {
      expect((await checkDestination(`https://${host}/x`, { allowLoopback: false, resolve })).ok, host).toBe(false);
    }
  });

  it('allows loopback, over http too, only when the league runs on localhost', async () => {
    for (const url of ['http://127.0.0.1:9000/x', 'http://localhost:9000/x', 'https://[::1]/x']) {
      expect((await checkDestination(url, { allowLoopback: true })).ok, url).toBe(true);
      expect((await checkDestination(url, { allowLoopback: false })).ok, url).toBe(false);
    }
    expect((await checkDestination('http://93.184.216.34/x', { allowLoopback: true })).ok).toBe(false);
  });
});
