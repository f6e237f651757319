/**
 * The database could not serve a statement at all (ADR 060): its server did not answer, or it stayed busy past every
 * wait. Nothing about the request was wrong, so the API answers 503 with Retry-After rather than a 500.
 */
export class DatabaseUnavailable extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseUnavailable';
  }
}

/**
 * `fetch` for @libsql/client's HTTP client (Turso, the Hrana test server). A request that got no answer (DNS, refused,
 * reset, the platform's network error) otherwise surfaces as a bare TypeError, which no code could tell from a bug;
 * and a server that answers but will not serve - down (5xx) or refusing the token (401, 403) - as whatever its body
 * happens to say. A statement's own failure is not an HTTP error in Hrana (it comes back in a 200 pipeline answer).
 */
export const databaseFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  let res: Response;
  try {
    res = await fetch(input, init);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailable(`The database server could not be reached: ${reason}`, { cause: error });
  }
  if (res.status >= 500 || res.status === 401 || res.status === 403) {
    const body = (await res.text().catch(() => '')).trim().slice(0, 200);
    throw new DatabaseUnavailable(`The database server answered HTTP ${res.status}${body ? `: ${body}` : ''}`);
  }
  return res;
}) as typeof fetch;
