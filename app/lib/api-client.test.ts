import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, getErrorMessage, getFieldErrors, getQueryFn, isUnauthorizedError } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

const stubFetch = (response: Response) => {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('apiRequest (000 s7)', () => {
  it('sends credentials, and JSON only when there is a body', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/login', { email: 'a@b.c', password: 'x' });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"a@b.c","password":"x"}',
    });
    await apiRequest('POST', '/api/logout');
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ credentials: 'include', headers: {}, body: undefined });
  });

  it('turns a non-OK response into "<status>: <body or status text>"', async () => {
    stubFetch(new Response('{"message":"Invalid email or password"}', { status: 401 }));
    await expect(apiRequest('POST', '/api/login', {})).rejects.toThrow('401: {"message":"Invalid email or password"}');
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  const context = (queryKey: readonly unknown[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined, client: undefined }) as never;

  it('joins key segments with "/" and reads JSON', async () => {
    const fetchMock = stubFetch(new Response('{"count":2}', { status: 200 }));
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/tournaments', '7']))).resolves.toEqual({ count: 2 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/tournaments/7');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it("adds the search parameters a key ends with (a page of a list's first page)", async () => {
    const fetchMock = stubFetch(new Response('[]', { status: 200 }));
    await getQueryFn({ on401: 'throw' })(context(['/api/tournaments', { limit: '100' }]));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/tournaments?limit=100');
  });

  it('returns null on 401 only when asked to', async () => {
    stubFetch(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).resolves.toBeNull();
    stubFetch(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/user']))).rejects.toThrow('401: ');
  });
});

describe('error helpers', () => {
  it('extracts the server message', () => {
    expect(getErrorMessage(new Error('401: {"message":"Unauthorized"}'))).toBe('Unauthorized');
    expect(getErrorMessage(new Error('500: boom'))).toBe('boom');
    expect(getErrorMessage(new Error('400: {"errors":{}}'))).toBeUndefined();
    expect(getErrorMessage(new Error('502: <html>Bad gateway</html>'))).toBeUndefined();
    expect(getErrorMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('recognises session loss', () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error('401: {"message":"Invalid email or password"}'))).toBe(false);
    expect(isUnauthorizedError(new Error('403: Unauthorized'))).toBe(false);
  });
});

describe('getFieldErrors', () => {
  it('reads the first message per field of a 400, and nothing from anything else', () => {
    const body = JSON.stringify({ message: 'This password is too common', errors: { password: ['This password is too common', 'x'] } });
    expect(getFieldErrors(new Error(`400: ${body}`))).toEqual({ password: 'This password is too common' });
    expect(getFieldErrors(new Error(`409: ${body}`))).toEqual({});
    expect(getFieldErrors(new Error('400: {"message":"Bad"}'))).toEqual({});
    expect(getFieldErrors(new Error('400: not json'))).toEqual({});
    expect(getFieldErrors('400: {}')).toEqual({});
  });
});
