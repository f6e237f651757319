import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { userQueryKey, watchSignIns } from './queries.ts';

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
