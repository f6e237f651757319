import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { userQueryKey, watchSignIns, whenSignedIn } from './queries.ts';

const user = (id: string) => ({ id }) as never;

describe('watchSignIns', () => {
  it('does not count the session the page started with as a sign-in, then reports each new account', () => {
    const client = new QueryClient();
    const seen: string[] = [];
    const stop = watchSignIns(client, (id) => seen.push(id));
    client.setQueryData(userQueryKey, user('a')); // the page's first answer
    client.setQueryData(userQueryKey, user('a'));
    expect(seen).toEqual([]);
    client.setQueryData(userQueryKey, null); // signed out
    client.setQueryData(userQueryKey, user('b')); // someone signs in
    client.setQueryData(userQueryKey, user('a'));
    expect(seen).toEqual(['b', 'a']);
    stop();
  });

  it('reports a sign-in after a known guest start', () => {
    const client = new QueryClient();
    client.setQueryData(userQueryKey, null);
    const seen: string[] = [];
    watchSignIns(client, (id) => seen.push(id));
    client.setQueryData(userQueryKey, user('a'));
    expect(seen).toEqual(['a']);
  });
});

describe('whenSignedIn', () => {
  it('runs at once, once, when the page already knows an account', () => {
    const client = new QueryClient();
    client.setQueryData(userQueryKey, user('a'));
    let runs = 0;
    whenSignedIn(client, () => (runs += 1));
    client.setQueryData(userQueryKey, user('b'));
    expect(runs).toBe(1);
  });

  it('waits through a guest visit and other answers, then runs once when an account signs in', () => {
    const client = new QueryClient();
    client.setQueryData(userQueryKey, null);
    let runs = 0;
    whenSignedIn(client, () => (runs += 1));
    client.setQueryData(['/api/tournaments'], []);
    client.setQueryData(userQueryKey, null);
    expect(runs).toBe(0);
    client.setQueryData(userQueryKey, user('a'));
    client.setQueryData(userQueryKey, user('b'));
    expect(runs).toBe(1);
  });
});
