import { describe, expect, it } from 'vitest';
import * as workerModule from './worker.ts';

// What workerd checks when it loads edge/worker.ts (issue 35): it refused to start the Worker because the module
// exported a string beside its handler ("Incorrect type for map entry 'MISSING_PUBLIC_URL'").

describe('the Worker module', () => {
  it('exports only handlers, as workerd requires of every export of the main module', () => {
    // A named export must be a class (a Durable Object or an entrypoint) or an object of handler functions.
    expect(Object.keys(workerModule)).toEqual(['default']);
    const handler = workerModule.default as unknown as Record<string, unknown>;
    expect(Object.keys(handler).sort()).toEqual(['fetch', 'scheduled']);
    for (const [name, value] of Object.entries(handler)) expect(typeof value, name).toBe('function');
  });
});
