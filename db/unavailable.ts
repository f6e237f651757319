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
 * reset, the platform's network error) otherwise surfaces as a bare TypeError, which no code could tell from a bug.
 */
export const databaseFetch = ((input: RequestInfo | URL, init?: RequestInit) =>
  fetch(input, init).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailable(`The database server could not be reached: ${reason}`, { cause: error });
  })) as typeof fetch;
