import type { QueryClient, QueryFunction } from '@tanstack/react-query';
import { queryKeyUrl } from './offline-cache.ts';

/**
 * The one way the app talks to the API (000 s7): cookies always go along, a body is JSON only when there is one,
 * and any non-OK response becomes an Error whose message is `${status}: ${body text or status text}`.
 */
async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

/** Sends one request and returns the response once it is known to be OK. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * Server rendering (ADR 027) gives each request's query client its own fetch, which calls the API in process with
 * that request's cookies: a module-wide fetch would be shared by concurrent requests of different accounts.
 */
const clientFetch = new WeakMap<QueryClient, typeof fetch>();

/** Makes every read of `client` go through `fetcher` (the server's per-request client only). */
export function bindClientFetch(client: QueryClient, fetcher: typeof fetch): void {
  clientFetch.set(client, fetcher);
}

/**
 * A GET of the API (cookies go along) that returns the response once it is known to be OK; for readers that need
 * headers. `client` is the query's own (its query function's context), so a server render reads with its fetch.
 */
export async function apiGet(url: string, options: { signal?: AbortSignal; client?: QueryClient } = {}): Promise<Response> {
  const read = (options.client && clientFetch.get(options.client)) ?? fetch;
  const res = await read(url, { credentials: 'include', signal: options.signal });
  await throwIfResNotOk(res);
  return res;
}

/**
 * The default GET reader: the query key's segments joined with '/' are the URL, and a key that ends with an object
 * of strings adds them as search parameters (`['/api/tournaments', { limit: '100' }]`).
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal, client }) => {
    const read = clientFetch.get(client) ?? fetch;
    const res = await read(queryKeyUrl(queryKey) ?? queryKey.join('/'), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * The human part of an api-client error: the server's `message` field when the body is JSON
 * ("401: {\"message\":\"Unauthorized\"}" -> "Unauthorized"), else the body text, else undefined.
 */
export function getErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return undefined;
  const body = match[1]?.trim() ?? '';
  if (body.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message || undefined;
      }
      return undefined;
    } catch {
      // Not JSON after all: fall through to the raw text.
    }
  }
  // An HTML error page is no message for a person.
  if (body.startsWith('<')) return undefined;
  return body || undefined;
}

/**
 * The per-field messages of a 400 (the API's `errors` of edge/lib/errors.ts), first message per field; {} when the
 * error carries none. Forms show them under their fields, as they show their own checks.
 */
export function getFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return {};
  const match = /^400: (\{[\s\S]*\})$/.exec(error.message.trim());
  if (!match) return {};
  try {
    const parsed: unknown = JSON.parse(match[1]!);
    const errors = parsed && typeof parsed === 'object' && 'errors' in parsed ? parsed.errors : undefined;
    if (!errors || typeof errors !== 'object') return {};
    const out: Record<string, string> = {};
    for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
      if (Array.isArray(messages) && typeof messages[0] === 'string') out[field] = messages[0];
    }
    return out;
  } catch {
    return {};
  }
}

/** The HTTP status an api-client error carries, if any. */
export function getErrorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

/** True for the catalogue's session-loss case: a message starting '401: ' that mentions 'Unauthorized' (000 s8). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401: ') && error.message.includes('Unauthorized');
}
