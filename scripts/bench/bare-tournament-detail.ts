// A bare node:http server doing what GET /api/tournaments/{id} does, with no framework: run the service's own SQL
// for one tournament (taken once from `tournamentsStatement(...).toSQL()`, so both servers run the same statement)
// with @libsql/client and send the JSON text SQLite wrote. The baseline the Hono host is compared with in
// `npm run bench -- tournament-detail`.
// Usage: node scripts/bench/bare-tournament-detail.ts <DATABASE_URL> <PORT>
import { createServer, type ServerResponse } from 'node:http';
import { createClient, type InArgs } from '@libsql/client';
import { createDb } from '../../db/client.ts';
import { parseTournamentId } from '../../edge/features/tournaments/service.ts';
import { pageStatuses, tournamentsStatement } from '../../edge/features/tournaments/tournament-query.ts';

const [url, portArg] = process.argv.slice(2);
if (!url || !portArg) {
  console.error('usage: bare-tournament-detail.ts <DATABASE_URL> <PORT>');
  process.exit(2);
}
const client = createClient({ url });
await client.execute('PRAGMA busy_timeout = 5000');
const db = createDb(client);

/** The statement for each id asked for, built on first use: no query builder runs per request after that. */
const statements = new Map<number, { sql: string; args: InArgs }>();
function statementFor(id: number) {
  let statement = statements.get(id);
  if (!statement) {
    const { sql, params } = tournamentsStatement(db, { id, status: pageStatuses }).toSQL();
    statements.set(id, (statement = { sql, args: params as InArgs }));
  }
  return statement;
}

function send(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const PREFIX = '/api/tournaments/';
// node:http does not wait for a returned promise: the handler catches its own errors.
const server = createServer((req, res) => void (async () => {
  try {
    const id = req.method === 'GET' && req.url?.startsWith(PREFIX) ? parseTournamentId(req.url.slice(PREFIX.length)) : null;
    if (id === null) return send(res, 404, '{"message":"Not found"}');
    const { rows } = await client.execute(statementFor(id));
    if (!rows[0]) return send(res, 404, '{"message":"Tournament not found"}');
    send(res, 200, rows[0][0] as string);
  } catch (err) {
    console.error(err);
    send(res, 500, '{"message":"Internal server error"}');
  }
})());

server.listen(Number(portArg), '127.0.0.1', () => console.log(`bare tournament-detail server listening on ${portArg}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
