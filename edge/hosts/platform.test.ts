import { expect, it } from 'vitest';
import { eachHost, hostsContext } from './host.ts';

eachHost((host) => {
  it('health', async () => {
    const res = await host.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});

it('context', () => {
  console.log(hostsContext());
});
