// Benchmark: the messaging reads of issue 15 (ADR 039) at 1,000,000 messages. A scratch database is filled here
// with 100,000 members and 1,000,000 messages through plain INSERTs into `messages` (migration 0022's triggers keep
// `conversations` and `message_inboxes` as for any writer), shaped as a league's: most pairs of members exchange a
// few messages, while a few hot members each have 600 conversations, one thread of 10,000 messages and 19 of 1,000.
// The measured member is the first hot one. The host runs as a child process on 127.0.0.1 (`npm start`'s way) and
// each read is requested one at a time over a kept-alive connection: p50 and p95 of SAMPLES requests after WARMUP.
// Then EXPLAIN QUERY PLAN of the SQL the reads run (captured from the services themselves) must use the expected
// indexes, with no full scan and no temp B-tree; the plans are printed.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { openLocalDatabase } from '../../db/local.ts';
import * as schema from '../../db/schema/index.ts';
import { listConversations, readInbox, readThread } from '../../edge/features/messages/conversations.ts';
import { searchRecipients } from '../../edge/features/messages/recipients.ts';
import { NEXT_CURSOR_HEADER } from '../../edge/lib/paging.ts';
import { freePort, hostEnv } from './host.ts';
import { start, stop, waitFor } from './processes.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
const USERS = 100_000;
const MESSAGES = 1_000_000;
/** Hot members are users 1..HOT; each talks with HOT_PARTNERS others. */
const HOT = 5;
const HOT_PARTNERS = 600;
/** A hot member's threads by size: the first 10,000 messages, the next 19 1,000 each, the rest 20 each. */
const hotThreadSize = (j: number) => (j === 0 ? 10_000 : j < 20 ? 1_000 : 20);
/** The other messages: pairs of (pseudo-random) members, BACKGROUND_THREAD messages each. */
const BACKGROUND_THREAD = 5;
/** Messages inserted per statement (one transaction each: the triggers' work is committed in these steps). */
const BATCH = 50_000;
/** The newest UNREAD_SHARE of messages are unread. */
const UNREAD_SHARE = 0.01;
const MESSAGE_EVERY_MS = 30_000;
const SAMPLES = 300;
const WARMUP = 30;
const PICKER_PREFIX = 'ja';
/** edge/lib/sessions.ts's cookie; that module cannot be imported here (its imports need more than type stripping). */
const SESSION_COOKIE = 'wta_session';

// prettier-ignore
const FIRST_NAMES = [
  'James', 'Jamal', 'Jasmine', 'Jada', 'Jalen', 'Janelle', 'Javier', 'Jayden', 'Maria', 'Marcus', 'Malik', 'Maya',
  'Michael', 'Mia', 'Aaliyah', 'Aaron', 'Andre', 'Angela', 'Brandon', 'Brianna', 'Carlos', 'Chloe', 'Darius',
  'Destiny', 'Devin', 'Diana', 'Elijah', 'Emily', 'Isaiah', 'Imani', 'Kevin', 'Keisha', 'Lamar', 'Layla', 'Luis',
  'Nia', 'Noah', 'Olivia', 'Omar', 'Priya', 'Quentin', 'Rosa', 'Sam', 'Sofia', 'Terrence', 'Tiana', 'Victor', 'Zoe'
];
// prettier-ignore
const LAST_NAMES = [
  'Johnson', 'Jackson', 'James', 'Jenkins', 'Jones', 'Smith', 'Williams', 'Brown', 'Davis', 'Miller', 'Wilson',
  'Moore', 'Taylor', 'Anderson', 'Thomas', 'White', 'Harris', 'Martin', 'Thompson', 'Garcia', 'Martinez', 'Robinson',
  'Clark', 'Rodriguez', 'Lewis', 'Lee', 'Walker', 'Hall', 'Allen', 'Young', 'Hernandez', 'King', 'Wright', 'Lopez',
  'Hill', 'Scott', 'Green', 'Adams', 'Baker', 'Gonzalez', 'Nelson', 'Carter', 'Mitchell', 'Perez', 'Roberts',
  'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart', 'Sanchez', 'Morris', 'Rogers',
  'Reed', 'Cook', 'Morgan', 'Bell', 'Murphy', 'Bailey', 'Rivera', 'Cooper', 'Richardson', 'Cox', 'Howard', 'Ward',
  'Torres', 'Peterson', 'Gray', 'Ramirez', 'Watson', 'Brooks', 'Kelly', 'Sanders', 'Price', 'Bennett', 'Wood',
  'Barnes', 'Ross', 'Henderson', 'Coleman', 'Patterson', 'Jordan', 'Reynolds', 'Hamilton', 'Graham', 'Kim',
  'Gonzales', 'Alexander', 'Ramos', 'Wallace', 'Griffin', 'West', 'Cole', 'Hayes', 'Chavez', 'Gibson', 'Bryant'
];

/** Member number i (1..USERS) as its id, in SQL; the same text as `userId` below. */
const idSql = (i: string) => `printf('%08x-0000-4000-8000-%012x', ${i}, ${i})`;
const userId = (i: number) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;

interface Filled {
  /** The measured (hot) member, the other member of their biggest thread, and the measured member's session token. */
  me: string;
  other: string;
  token: string;
  conversations: number;
  mine: number;
  thread: number;
  /** Wall and CPU time of the whole fill, and the wall time of each phase. */
  fillMs: number;
  fillCpuMs: number;
  phases: string;
}

/**
 * Fills a fresh database at `databaseUrl` (and closes it). The messages go in through plain INSERT ... SELECT
 * statements of BATCH rows, so migration 0022's triggers write every conversation and inbox row. Only on this
 * connection and only while it fills: foreign keys are not checked (every id is made from a member number), and the
 * secondary indexes of `messages` and `conversations` are dropped, then built again from their own CREATE INDEX text
 * in sqlite_master, which halves the CPU time of the inserts.
 */
async function fillDatabase(databaseUrl: string, now: number): Promise<Filled> {
  const { client } = await openLocalDatabase(databaseUrl);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const phases: string[] = [];
  let mark = started;
  const phase = (label: string) => {
    const at = performance.now();
    phases.push(`${label} ${((at - mark) / 1000).toFixed(1)} s`);
    mark = at;
  };
  await client.execute('PRAGMA cache_size = -524288');
  await client.execute('PRAGMA foreign_keys = OFF');
  await client.execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${USERS})
      INSERT INTO users (id, email, first_name, last_name, role, sport, is_verified, created_at)
      SELECT ${idSql('i')}, 'member' || i || '@bench.invalid',
             json_extract(?1, '$[' || (i % json_array_length(?1)) || ']'),
             json_extract(?2, '$[' || ((i / 7) % json_array_length(?2)) || ']'),
             CASE WHEN i % 50 = 0 THEN 'owner' WHEN i % 20 = 0 THEN 'fan' ELSE 'player' END,
             'basketball', (i % 37 = 0), ?3
      FROM n`,
    args: [JSON.stringify(FIRST_NAMES), JSON.stringify(LAST_NAMES), now - 400 * 24 * 60 * 60 * 1000],
  });
  phase('members');

  // The plan: every conversation (a pair and its message count), then every message as (sender, recipient) in the
  // order they are sent; a thread's messages are spread over the whole year by a multiplicative hash.
  await client.execute(
    'CREATE TABLE bench_pairs (pid INTEGER PRIMARY KEY, a INTEGER NOT NULL, b INTEGER NOT NULL, n INTEGER NOT NULL)',
  );
  const hotRows: string[] = [];
  let hotMessages = 0;
  for (let h = 1; h <= HOT; h += 1) {
    for (let j = 0; j < HOT_PARTNERS; j += 1) {
      // Distinct partners for each hot member (j * 131 < 99,994), none of them a hot member.
      const partner = HOT + 1 + ((h * 15_013 + j * 131) % (USERS - HOT));
      hotRows.push(`(${h}, ${partner}, ${hotThreadSize(j)})`);
      hotMessages += hotThreadSize(j);
    }
  }
  await client.execute(`INSERT INTO bench_pairs (a, b, n) VALUES ${hotRows.join(', ')}`);
  const background = Math.floor((MESSAGES - hotMessages) / BACKGROUND_THREAD);
  const rest = MESSAGES - hotMessages - background * BACKGROUND_THREAD;
  // Pairs of pseudo-random members (b's offset moves with each pass over the members, so no pair repeats).
  await client.execute(`
    WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ${background})
    INSERT INTO bench_pairs (a, b, n)
    SELECT a, CASE WHEN b = a THEN b % ${USERS} + 1 ELSE b END, ${BACKGROUND_THREAD} + (i <= ${rest})
    FROM (SELECT i, 1 + (i * 48271) % ${USERS} AS a, 1 + (i * 69621 + (i / ${USERS}) * 7919 + 7) % ${USERS} AS b FROM k)`);
  await client.execute(`
    CREATE TABLE bench_plan AS
    WITH RECURSIVE e(pid, a, b, n, j) AS (
      SELECT pid, a, b, n, 0 FROM bench_pairs UNION ALL SELECT pid, a, b, n, j + 1 FROM e WHERE j + 1 < n)
    SELECT CASE WHEN j % 3 = 1 THEN b ELSE a END AS sender, CASE WHEN j % 3 = 1 THEN a ELSE b END AS recipient
    FROM e ORDER BY (pid * 7919 + j * 104729) % 1000003, pid, j`);
  phase('plan');

  const indexes = await client.execute(`
    SELECT name, sql FROM sqlite_master
    WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('messages', 'conversations')`);
  for (const index of indexes.rows) await client.execute(`DROP INDEX "${String(index.name)}"`);
  // The newest message is a minute old; the newest UNREAD_SHARE are unread.
  const first = now - 60_000 - MESSAGES * MESSAGE_EVERY_MS;
  const readUpTo = Math.floor(MESSAGES * (1 - UNREAD_SHARE));
  for (let from = 1; from <= MESSAGES; from += BATCH) {
    await client.execute(`
      INSERT INTO messages (sender_id, recipient_id, body, read_at, created_at)
      SELECT ${idSql('sender')}, ${idSql('recipient')},
             substr('Good game today! Are you in for Saturday''s open? We need one more for the bracket, ' ||
                    'check-in is at 9 and the buy-in is $25. Let me know by tonight.', 1 + rowid % 40, 30 + rowid % 90),
             CASE WHEN rowid <= ${readUpTo} THEN ${first} + rowid * ${MESSAGE_EVERY_MS} + 60000 END,
             ${first} + rowid * ${MESSAGE_EVERY_MS}
      FROM bench_plan WHERE rowid BETWEEN ${from} AND ${from + BATCH - 1} ORDER BY rowid`);
  }
  phase(`messages (${BATCH.toLocaleString('en-US')} a statement)`);
  for (const index of indexes.rows) await client.execute(String(index.sql));
  phase(`indexes (${indexes.rows.map((r) => String(r.name)).join(', ')})`);
  await client.execute('DROP TABLE bench_plan');
  await client.execute('DROP TABLE bench_pairs');

  // A few blocks and suspensions, so the picker's and the list's checks have rows to look at.
  await client.execute(`
    WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 200)
    INSERT INTO member_blocks (blocker_id, blocked_id, created_at)
    SELECT ${idSql('(i * 389) % 99000 + 1000')}, ${idSql('CASE WHEN i % 4 = 0 THEN 1 ELSE (i * 811) % 99000 + 1000 END')}, ${now}
    FROM k WHERE (i * 389) % 99000 <> (i * 811) % 99000`);
  await client.execute(`
    WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 300)
    INSERT INTO member_standings (user_id, suspended_until, banned_at, updated_at)
    SELECT ${idSql('i * 331')}, CASE WHEN i % 3 THEN ${now + 86_400_000} END, CASE WHEN i % 3 = 0 THEN ${now} END, ${now}
    FROM k`);
  await client.execute('PRAGMA foreign_keys = ON');
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  phase('checkpoint');
  const fillMs = performance.now() - started;
  const used = process.cpuUsage(cpu);

  const me = userId(1);
  const other = userId(HOT + 1 + (15_013 % (USERS - HOT)));
  // A session as sign-in stores it (the id is the SHA-256 of the cookie's token), used just now.
  const token = randomBytes(20).toString('hex');
  await client.execute({
    sql: 'INSERT INTO sessions (id, user_id, expires_at, created_at, last_used_at) VALUES (?, ?, ?, ?, ?)',
    args: [createHash('sha256').update(token, 'utf8').digest('hex'), me, now + 30 * 86_400_000, now, now],
  });
  const counts = await client.execute({
    sql: `SELECT (SELECT count(*) FROM messages) AS messages, (SELECT count(*) FROM conversations) / 2 AS conversations,
           (SELECT count(*) FROM conversations WHERE user_id = ?1) AS mine,
           (SELECT count(*) FROM messages WHERE min(sender_id, recipient_id) = min(?1, ?2)
              AND max(sender_id, recipient_id) = max(?1, ?2)) AS thread`,
    args: [me, other],
  });
  const c = counts.rows[0]!;
  client.close();
  if (Number(c.messages) !== MESSAGES) throw new Error(`filled ${c.messages} messages, not ${MESSAGES}`);
  return {
    me,
    other,
    token,
    conversations: Number(c.conversations),
    mine: Number(c.mine),
    thread: Number(c.thread),
    fillMs,
    fillCpuMs: (used.user + used.system) / 1000,
    phases: phases.join(', '),
  };
}

/** The index each read must use; its SQL is captured from the service itself, so the plan is the one it runs. */
interface PlanCheck {
  label: string;
  mustUse: string[];
  run(): Promise<unknown>;
}

/**
 * EXPLAIN QUERY PLAN of every SELECT (and UPDATE) the reads run, on the filled database: fails on a full scan (of a
 * table or a whole index) or a temp B-tree, and when an expected index is missing. Returns the plans as text.
 */
async function checkPlans(client: Client, filled: Filled): Promise<string[]> {
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(client, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  });
  const now = new Date();
  const firstPage = await listConversations(db, filled.me, {});
  const newest = await readThread(db, filled.me, filled.other, {}, now);
  const checks: PlanCheck[] = [
    {
      label: 'conversation list',
      mustUse: ['conversations_list_idx'],
      run: () => listConversations(db, filled.me, {}),
    },
    {
      label: 'conversation list after a cursor',
      mustUse: ['conversations_list_idx'],
      run: () => listConversations(db, filled.me, { cursor: firstPage.nextCursor! }),
    },
    {
      label: 'thread, newest page',
      mustUse: ['messages_recipient_read_idx', 'messages_pair_idx'],
      run: () => readThread(db, filled.me, filled.other, {}, now),
    },
    {
      label: 'thread, older page',
      mustUse: ['messages_pair_idx'],
      run: () => readThread(db, filled.me, filled.other, { before: newest.nextCursor! }, now),
    },
    { label: 'unread count', mustUse: ['sqlite_autoindex_message_inboxes_1'], run: () => readInbox(db, filled.me) },
    {
      label: `recipient picker q=${PICKER_PREFIX}`,
      mustUse: ['users_name_search_idx', 'users_last_name_search_idx'],
      run: () => searchRecipients(db, filled.me, { q: PICKER_PREFIX, limit: 20 }, now),
    },
  ];
  const out: string[] = [];
  for (const check of checks) {
    captured.length = 0;
    await check.run();
    // The reads, and the thread's UPDATE that marks the other member's messages read.
    const statements = captured.filter((q) => /^\s*(select|update)/i.test(q.sql));
    const lines: string[] = [];
    for (const q of statements) {
      // An UPDATE is explained as the SELECT of the rows it changes: libsql leaves an explained UPDATE's statement
      // open, and the next COMMIT on the connection then fails ("SQL statements in progress").
      const update = /^\s*update\s+("[^"]+")\s+set\s+(.*?)\s+where\s+(.*)$/is.exec(q.sql);
      const sql = update ? `select rowid from ${update[1]} where ${update[3]}` : q.sql;
      const args = update ? q.params.slice((update[2]!.match(/\?/g) ?? []).length) : q.params;
      const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: args as never });
      lines.push(`  ${sql.length > 160 ? `${sql.slice(0, 157)}...` : sql}`);
      for (const row of plan.rows) lines.push(`    ${String(row.detail)}`);
    }
    const text = lines.join('\n');
    const bad = lines.filter((l) => /^\s+SCAN /.test(l) || /TEMP B-TREE/.test(l));
    const missing = check.mustUse.filter((index) => !text.includes(index));
    out.push(`${check.label}:\n${text}`);
    if (bad.length || missing.length) {
      throw new Error(
        `${check.label}: ${bad.map((l) => l.trim()).join('; ')}${missing.length ? ` (no ${missing.join(', ')})` : ''}\n${text}`,
      );
    }
  }
  return out;
}

/** `count` requests one after another (after `warmup`), each answered `status`: the sorted times in ms. */
async function sample(url: string, headers: Record<string, string>, status: number, count: number, warmup: number) {
  const times: number[] = [];
  for (let i = 0; i < warmup + count; i += 1) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status !== status) throw new Error(`${url}: ${res.status}, expected ${status}`);
    if (i >= warmup) times.push(ms);
  }
  return times.sort((a, b) => a - b);
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

export const messagesBenchmark: Benchmark = {
  name: 'messages',
  description:
    `messaging reads (issue 15) at ${MESSAGES.toLocaleString('en-US')} messages and ${USERS.toLocaleString('en-US')} ` +
    `members: p50/p95 of ${SAMPLES} sequential requests each, plans checked`,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'wta-bench-'));
    let hostProc: ReturnType<typeof start> | null = null;
    try {
      const hostPort = await freePort();
      const host = `http://127.0.0.1:${hostPort}`;
      const env = hostEnv(dir, hostPort, host);
      const now = Date.now();
      const filled = await fillDatabase(env.DATABASE_URL!, now);
      const size = statSync(join(dir, 'league.db')).size;
      console.log(
        `[messages] filled ${USERS.toLocaleString('en-US')} members and ${MESSAGES.toLocaleString('en-US')} messages ` +
          `(${filled.conversations.toLocaleString('en-US')} conversations, ${(size / 2 ** 20).toFixed(0)} MiB) in ` +
          `${(filled.fillMs / 1000).toFixed(1)} s (${(filled.fillCpuMs / 1000).toFixed(1)} s of CPU): ${filled.phases}; ` +
          `the measured member has ${filled.mine} conversations, the measured thread ` +
          `${filled.thread.toLocaleString('en-US')} messages`,
      );
      const rows: Row[] = [
        {
          benchmark: this.name,
          metric: 'fill',
          value: `${(filled.fillMs / 1000).toFixed(1)} s`,
          note:
            `${(filled.fillCpuMs / 1000).toFixed(1)} s of CPU; ${MESSAGES.toLocaleString('en-US')} messages, ` +
            `${USERS.toLocaleString('en-US')} members, ${filled.conversations.toLocaleString('en-US')} conversations, ` +
            `${(size / 2 ** 20).toFixed(0)} MiB; measured member: ${filled.mine} conversations, ` +
            `thread of ${filled.thread.toLocaleString('en-US')} messages`,
        },
      ];

      // The embedded run as `npm start` runs it (the seed skips a database that already has members).
      hostProc = start('host', process.execPath, ['--import', 'tsx', resolve(root, 'edge/node.ts')], {
        cwd: root,
        env,
      });
      await waitFor(`${host}/api/tournaments/next`, (s) => s === 200, 180_000, hostProc.log);
      const headers = { cookie: `${SESSION_COOKIE}=${filled.token}` };

      const get = async (path: string, status = 200) => {
        const res = await fetch(`${host}${path}`, { headers });
        const text = await res.text();
        if (res.status !== status) throw new Error(`${path}: ${res.status} ${text.slice(0, 200)}`);
        return { res, text };
      };
      const listFirst = await get('/api/messages/conversations');
      const listCursor = listFirst.res.headers.get(NEXT_CURSOR_HEADER);
      const threadPath = `/api/messages/conversation/${filled.other}`;
      const threadNewest = await get(threadPath);
      const threadBefore = threadNewest.res.headers.get(NEXT_CURSOR_HEADER);
      if (!listCursor || !threadBefore) throw new Error('the list or the thread answered no next cursor');
      // After the thread was opened (which marks its messages read): the inbox version the poll presents.
      const etag = (await get('/api/messages/conversations')).res.headers.get('etag');
      if (!etag) throw new Error('the conversation list answered no ETag');

      const reads: { label: string; path: string; status: number; extra: Record<string, string> }[] = [
        { label: 'conversations, first page', path: '/api/messages/conversations', status: 200, extra: {} },
        {
          label: 'conversations, ?cursor= page',
          path: `/api/messages/conversations?cursor=${listCursor}`,
          status: 200,
          extra: {},
        },
        { label: 'thread, newest page', path: threadPath, status: 200, extra: {} },
        { label: 'thread, ?before= page', path: `${threadPath}?before=${threadBefore}`, status: 200, extra: {} },
        { label: 'unread-count', path: '/api/messages/unread-count', status: 200, extra: {} },
        {
          label: 'conversations poll, If-None-Match',
          path: '/api/messages/conversations',
          status: 304,
          extra: { 'if-none-match': etag },
        },
        {
          label: `picker q=${PICKER_PREFIX}&limit=20`,
          path: `/api/users/all?q=${PICKER_PREFIX}&limit=20`,
          status: 200,
          extra: {},
        },
      ];
      for (const read of reads) {
        const body = read.status === 200 ? (await get(read.path)).text : '';
        const items = body ? (JSON.parse(body) as unknown[]) : null;
        const times = await sample(`${host}${read.path}`, { ...headers, ...read.extra }, read.status, SAMPLES, WARMUP);
        const what = Array.isArray(items)
          ? `${items.length} items, ${(Buffer.byteLength(body) / 1024).toFixed(1)} KiB`
          : read.status === 304
            ? '304, no body'
            : `${(Buffer.byteLength(body) / 1024).toFixed(2)} KiB`;
        const benchmark = `${this.name} (${read.label})`;
        console.log(
          `[messages] ${read.label}: p50 ${percentile(times, 0.5).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms (${what})`,
        );
        rows.push(
          {
            benchmark,
            metric: 'p50',
            value: `${percentile(times, 0.5).toFixed(2)} ms`,
            note: `${SAMPLES} requests; ${what}`,
          },
          { benchmark, metric: 'p95', value: `${percentile(times, 0.95).toFixed(2)} ms` },
        );
      }
      // The plans are read once the host has stopped, on a connection of their own: nothing of this process's is open
      // on the file while the host serves.
      await stop(hostProc.child);
      hostProc = null;
      const { client } = await openLocalDatabase(env.DATABASE_URL!);
      try {
        for (const plan of await checkPlans(client, filled)) console.log(`[messages] plan of the ${plan}`);
      } finally {
        client.close();
      }
      rows.splice(1, 0, {
        benchmark: this.name,
        metric: 'query plans',
        value: 'ok',
        note: 'expected indexes, no scan, no temp B-tree',
      });
      return rows;
    } finally {
      if (hostProc) await stop(hostProc.child);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
