import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalDatabase } from './local.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function open() {
  dir = mkdtempSync(join(tmpdir(), 'wta-statements-'));
  const url = `file:${join(dir, 'league.db')}`;
  const { client } = await openLocalDatabase(url);
  await client.execute('create table things (id integer primary key, name text not null)');
  return { client, url };
}

describe('kept SELECT statements (ADR 026)', () => {
  it('answer every execute with its own arguments and the current data', async () => {
    const { client } = await open();
    const read = (min: number) => client.execute({ sql: 'select id, name from things where id >= ? order by id', args: [min] });
    expect((await read(1)).rows).toHaveLength(0);
    await client.execute({ sql: 'insert into things (name) values (?), (?), (?)', args: ['a', 'b', 'c'] });
    expect((await read(1)).rows.map((r) => r.name)).toEqual(['a', 'b', 'c']);
    expect((await read(3)).rows.map((r) => r.name)).toEqual(['c']);
    // Inside a transaction the kept statement sees the transaction's own writes.
    const tx = await client.transaction('write');
    await tx.execute({ sql: 'insert into things (name) values (?)', args: ['d'] });
    expect((await tx.execute({ sql: 'select id, name from things where id >= ? order by id', args: [4] })).rows[0]!.name).toBe('d');
    await tx.rollback();
    expect((await read(1)).rows).toHaveLength(3);
    client.close();
  });

  it('follow a schema change, and hold back no checkpoint of another connection', async () => {
    const { client, url } = await open();
    await client.execute({ sql: 'insert into things (name) values (?)', args: ['a'] });
    expect((await client.execute('select * from things')).columns).toEqual(['id', 'name']);
    await client.execute("alter table things add column city text not null default 'Atlanta'");
    const after = await client.execute('select * from things');
    expect(after.columns).toEqual(['id', 'name', 'city']);
    expect(after.rows[0]!.city).toBe('Atlanta');

    const other = createClient({ url });
    const checkpoint = (await other.execute('PRAGMA wal_checkpoint(TRUNCATE)')).rows[0]!;
    expect(Number(checkpoint[0])).toBe(0);
    other.close();
    client.close();
  });
});
