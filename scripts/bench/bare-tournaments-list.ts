// A bare node:http server doing what GET /api/tournaments does, with no framework: run the service's own SQL
// (taken once from `tournamentsStatement(...).toSQL()`, so both servers run the same statement) with @libsql/client
// and join the per-row JSON into the answer (a page: LIMIT + 1 rows read, the next page's cursor in X-Next-Cursor, as
// the route does). The baseline the Hono host is compared with in `npm run bench`.
// Usage: node scripts/bench/bare-tournaments-list.ts <DATABASE_URL> <PORT> <PATH> [<PATH> ...]
// Each PATH is a request path with its query (`/api/tournaments?status=upcoming&limit=50`) to answer.
import { createServer, type ServerResponse } from 'node:http';
import { createClient, type InArgs } from '@libsql/client';
import { createDb } from '../../db/client.ts';
import { decodeCursor } from '../../edge/features/tournaments/cursor.ts';
import { NEXT_CURSOR_HEADER, TOURNAMENT_PAGE_SIZE } from '../../edge/features/tournaments/schema.ts';
import { pageOfRows, tournamentsStatement, type TournamentFilters } from '../../edge/features/tournaments/tournament-query.ts';

const [url, portArg, ...paths] = process.argv.slice(2);
if (!url || !portArg || paths.length === 0) {
  console.error('usage: bare-tournaments-list.ts <DATABASE_URL> <PORT> <PATH> [<PATH> ...]');
  process.exit(2);
}
const client = createClient({ url });
await client.execute('PRAGMA busy_timeout = 5000');

/** The statement for each served path, built before listening: no query builder runs per request. */
const statements = new Map<string, { sql: string; args: InArgs; limit: number }>();
for (const path of paths) {
  const query = new URL(path, 'http://bench.invalid').searchParams;
  const limit = Number(query.get('limit') ?? TOURNAMENT_PAGE_SIZE);
  const filters: TournamentFilters = { limit: limit + 1 };
  const status = query.get('status');
  if (status) filters.status = status as NonNullable<TournamentFilters['status']> & string;
  const cursor = query.get('cursor');
  if (cursor) filters.cursor = decodeCursor(cursor) ?? undefined;
  const { sql, params } = tournamentsStatement(createDb(client), filters).toSQL();
  statements.set(path, { sql, args: params as InArgs, limit });
}

function send(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

// node:http does not wait for a returned promise: the handler catches its own errors.
const server = createServer((req, res) => void (async () => {
  try {
    const statement = req.method === 'GET' && req.url ? statements.get(req.url) : undefined;
    if (!statement) return send(res, 404, '{"message":"Not found"}');
    const { rows } = await client.execute(statement);
    const page = pageOfRows(rows as unknown as unknown[][], statement.limit);
    send(res, 200, page.json, page.nextCursor ? { [NEXT_CURSOR_HEADER]: page.nextCursor } : {});
  } catch (err) {
    console.error(err);
    send(res, 500, '{"message":"Internal server error"}');
  }
})());

server.listen(Number(portArg), '127.0.0.1', () => console.log(`bare tournaments-list server listening on ${portArg}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
