import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openLocalDatabase } from '../../db/local.ts';
import { users } from '../../db/schema/users.ts';
import { startNodeServer, type NodeServer, type NodeServerOptions } from '../node.ts';

/**
 * The Node host (edge/node.ts) on a real socket over the folder `dir`: its database, uploads and `dist/` live there.
 * The league exists already (one member), so the host does not seed the demo (its password hashes take seconds).
 */
export async function startTestNodeHost(dir: string, options: Partial<NodeServerOptions> = {}): Promise<NodeServer> {
  mkdirSync(join(dir, 'dist'), { recursive: true });
  const databaseUrl = `file:${join(dir, 'league.db')}`;
  const opened = await openLocalDatabase(databaseUrl);
  await opened.db.insert(users).values({ id: randomUUID(), email: 'one@example.test', firstName: 'One', lastName: 'Member' });
  opened.client.close();
  return startNodeServer({
    env: {
      PORT: '0',
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: join(dir, 'uploads'),
      WAIVER_SIGNING_KEY: randomBytes(32).toString('base64url'),
      DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
    },
    distDir: join(dir, 'dist'),
    log: false,
    ...options,
  });
}
