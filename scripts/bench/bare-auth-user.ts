// A bare node:http server doing what GET /api/auth/user does, with no framework: read the session cookie,
// hash the token (SHA-256, hex, as edge/lib/sessions.ts), select the session joined to its user, check expiry,
// answer the current-user JSON. The baseline the Hono host is compared with in `npm run bench`.
// Usage: node scripts/bench/bare-auth-user.ts <DATABASE_URL> <PORT> [LEAGUE_EMAIL_DOMAIN]
import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { createClient } from '@libsql/client';

const [url, portArg, domainArg] = process.argv.slice(2);
if (!url || !portArg) {
  console.error('usage: bare-auth-user.ts <DATABASE_URL> <PORT> [LEAGUE_EMAIL_DOMAIN]');
  process.exit(2);
}
const domain = (domainArg ?? 'wta.local').toLowerCase();
const client = createClient({ url });
await client.execute('PRAGMA busy_timeout = 5000');

const COOKIE = 'wta_session';
const SQL = `SELECT s.expires_at, u.id, u.email, u.first_name, u.last_name, u.role, u.tagline, u.city, u.state,
  u.sport, u.profile_image_url, u.is_verified, u.wta_points, u.wins, u.losses, u.games_played, u.date_of_birth,
  u.profile_completed_at
  FROM sessions s INNER JOIN users u ON u.id = s.user_id WHERE s.id = ? LIMIT 1`;

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

// node:http does not wait for a returned promise: the handler catches its own errors.
const server = createServer((req, res) => void (async () => {
  try {
    if (req.method !== 'GET' || req.url !== '/api/auth/user') return send(res, 404, { message: 'Not found' });
    const token = readCookie(req.headers.cookie, COOKIE);
    if (!token) return send(res, 401, { message: 'Unauthorized' });
    const id = createHash('sha256').update(token, 'utf8').digest('hex');
    const { rows } = await client.execute({ sql: SQL, args: [id] });
    const row = rows[0];
    if (!row || Number(row.expires_at) <= Date.now()) return send(res, 401, { message: 'Unauthorized' });
    const email = String(row.email);
    const role = String(row.role);
    const hasAdminRole = role === 'admin' || role === 'super_admin';
    const hasValidDomain = email.toLowerCase().endsWith(`@${domain}`);
    send(res, 200, {
      id: row.id,
      email,
      firstName: row.first_name,
      lastName: row.last_name,
      role,
      tagline: row.tagline,
      city: row.city,
      state: row.state,
      sport: row.sport,
      profileImageUrl: row.profile_image_url,
      isVerified: Number(row.is_verified) === 1,
      wtaPoints: row.wta_points,
      wins: row.wins,
      losses: row.losses,
      gamesPlayed: row.games_played,
      dateOfBirth: row.date_of_birth,
      profileComplete: row.profile_completed_at !== null,
      hasAdminRole,
      hasValidDomain,
      isAdmin: hasAdminRole && hasValidDomain,
      isSuperAdmin: role === 'super_admin' && hasValidDomain,
    });
  } catch (err) {
    console.error(err);
    send(res, 500, { message: 'Internal server error' });
  }
})());

server.listen(Number(portArg), '127.0.0.1', () => console.log(`bare auth-user server listening on ${portArg}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
