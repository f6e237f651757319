import type { Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import * as schema from './schema/index.ts';

/** The Drizzle database every feature receives through createApp's deps; the host decides the libSQL client. */
export function createDb(client: Client) {
  return drizzle(client, { schema, casing: 'snake_case' });
}

export type Db = ReturnType<typeof createDb>;
export { schema };
