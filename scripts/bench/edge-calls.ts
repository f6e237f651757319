// The calls the edge benchmark measures: the hot calls of ADR 059's table (their names are its rows), each as the
// requests of CONNECTIONS members at once, and a floor with no database round trip. Every connection has
// identities of its own (edge-seed.ts), so no league limit is what is measured.
import type { BracketMatch } from '../../edge/features/competition/schema.ts';
import { text, type Step, type Target } from './edge-load.ts';
import { SENDERS_PER_CONNECTION, SIGN_IN_PASSWORD, type EdgeLeague } from './edge-seed.ts';
import type { HranaChild } from './edge-servers.ts';

/**
 * Sign-in is a scrypt hash (~0.3 s of CPU) and each host hashes a few at a time (the Worker one per isolate, Node one
 * per core); a sign-in that waits over 5 s for its turn is answered 503 (ADRs 021, 051). Two at once stay inside that
 * on two busy cores, where eight did not.
 */
export const SIGN_IN_CONNECTIONS = 2;
/** What a member's browser sends. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** A reported tournament and its bracket as the last answer showed it. */
export interface Reported {
  id: number;
  bracket: BracketMatch[];
}

/**
 * The score reports' state on one database: the tournaments no desk has taken yet, and each desk's (connection's)
 * current one, kept from one measurement to the next. Shared by the hosts over that database.
 */
export interface Desks {
  queue: Reported[];
  current: (Reported | undefined)[];
}

export interface Host {
  /** 'Worker' under `wrangler dev`, 'workerd' the same Worker at its own socket (edge-workerd.ts), 'Node'. */
  name: string;
  target: Target;
  hrana: HranaChild;
  /** The bracket poll's and each reader's conversation poll's ETags, as this host answers them. */
  bracketTag: string;
  threadTags: string[];
  desks: Desks;
  /** The caller's address for sign-in connection i, for a host that reads it from CF-Connecting-IP. */
  addressHeader?: (connection: number) => Record<string, string>;
}

export interface HotCall {
  /** ADR 059's row. */
  name: string;
  expect: number;
  /** Duration relative to the benchmark's. */
  durationFactor: number;
  steps(host: Host, league: EdgeLeague): Step[];
}

/** The same GET on every connection, each as its own reader. */
const readerGet =
  (
    path: (c: number, league: EdgeLeague) => string,
    headers: (host: Host, c: number) => Record<string, string> = () => ({}),
  ) =>
  (host: Host, league: EdgeLeague): Step[] =>
    league.readers.map((reader, c) => async (send) => {
      await send({ path: path(c, league), headers: { ...BROWSER, cookie: reader.cookie, ...headers(host, c) } });
      return true;
    });

const undecided = (bracket: BracketMatch[]) => bracket.filter((m) => m.status !== 'completed');
const playable = (bracket: BracketMatch[]) => undecided(bracket).filter((m) => m.teamA !== null && m.teamB !== null);
/** The better seed wins; every third match goes the distance. */
function scoreFor(m: BracketMatch) {
  const need = m.bestOf === 5 ? 3 : 2;
  const lose = m.matchNumber % 3 === 0 ? need - 1 : 0;
  return m.teamA!.seed < m.teamB!.seed ? { scoreA: need, scoreB: lose } : { scoreA: lose, scoreB: need };
}

/**
 * A desk reporting its tournament's next match, with the version the last answer showed (D40); it moves to a fresh
 * tournament when only the final is left (reporting it would settle the tournament, which is not the hot path).
 */
function reportStep({ queue, current: desks }: Desks, desk: number, cookie: string): Step {
  return async (send) => {
    let current = desks[desk];
    while (!current || undecided(current.bracket).length <= 1 || playable(current.bracket).length === 0) {
      current = desks[desk] = queue.shift();
      if (!current) return false;
    }
    const m = playable(current.bracket)[0]!;
    const answer = await send({
      method: 'POST',
      path: `/api/tournaments/${current.id}/matches/${m.id}/result`,
      headers: { ...BROWSER, cookie },
      body: { ...scoreFor(m), version: m.version },
    });
    if (answer.status === 200) current.bracket = JSON.parse(text(answer)) as BracketMatch[];
    else desks[desk] = undefined;
    return true;
  };
}

export const CALLS: HotCall[] = [
  {
    // Not a row of ADR 059: each host's floor, the app's middleware and a 401 with no database round trip.
    name: 'GET /api/auth/user, signed out (401)',
    expect: 401,
    durationFactor: 1,
    steps: (_, league) =>
      league.readers.map(() => async (send) => {
        await send({ path: '/api/auth/user', headers: BROWSER });
        return true;
      }),
  },
  { name: 'GET /api/auth/user', expect: 200, durationFactor: 1, steps: readerGet(() => '/api/auth/user') },
  {
    name: 'GET /api/tournaments, signed in',
    expect: 200,
    durationFactor: 1,
    steps: readerGet(() => '/api/tournaments'),
  },
  {
    name: 'GET /api/tournaments/{id}, signed in',
    expect: 200,
    durationFactor: 1,
    steps: readerGet((_, league) => `/api/tournaments/${league.watched}`),
  },
  {
    name: 'GET .../bracket (304), signed in',
    expect: 304,
    durationFactor: 1,
    steps: readerGet(
      (_, league) => `/api/tournaments/${league.watched}/bracket`,
      (host) => ({ 'if-none-match': host.bracketTag }),
    ),
  },
  {
    name: 'POST .../matches/{m}/result',
    expect: 200,
    durationFactor: 1,
    steps: (host, league) => league.admins.map((cookie, desk) => reportStep(host.desks, desk, cookie)),
  },
  {
    name: 'POST /api/messages/send',
    expect: 201,
    durationFactor: 1,
    // Each connection takes its senders in turn: none comes near D27's 30 messages a minute.
    steps: (_, league) =>
      league.senders.map((senders) => {
        let turn = 0;
        return async (send) => {
          const sender = senders[turn++ % SENDERS_PER_CONNECTION]!;
          const body = { recipientId: sender.recipientId, content: `Court 3 at noon? (${turn})`, type: 'general' };
          await send({
            method: 'POST',
            path: '/api/messages/send',
            headers: { ...BROWSER, cookie: sender.cookie },
            body,
          });
          return true;
        };
      }),
  },
  {
    name: 'GET /api/messages/conversation/{id} (304)',
    expect: 304,
    durationFactor: 1,
    steps: readerGet(
      (c, league) => `/api/messages/conversation/${league.readers[c]!.partnerId}`,
      (host, c) => ({ 'if-none-match': host.threadTags[c]! }),
    ),
  },
  {
    name: 'POST /api/login',
    expect: 200,
    durationFactor: 2,
    // A new device each time (no cookies kept): an account and an address per connection.
    steps: (host, league) =>
      league.signIns.slice(0, SIGN_IN_CONNECTIONS).map((email, c) => async (send) => {
        const body = { email, password: SIGN_IN_PASSWORD };
        await send({ method: 'POST', path: '/api/login', headers: { ...BROWSER, ...host.addressHeader?.(c) }, body });
        return true;
      }),
  },
];

async function etagOf(url: string, cookie: string): Promise<string> {
  const res = await fetch(url, { headers: { cookie } });
  await res.arrayBuffer();
  const tag = res.headers.get('etag');
  if (res.status !== 200 || !tag) throw new Error(`${url}: ${res.status}, ETag ${tag}`);
  return tag;
}

/** The ETags a host answers for the polls; a thread is opened once first (which marks it read). */
export async function pollTags(url: string, league: EdgeLeague) {
  const bracketTag = await etagOf(`${url}/api/tournaments/${league.watched}/bracket`, league.readers[0]!.cookie);
  const threadTags: string[] = [];
  for (const reader of league.readers) {
    const thread = `${url}/api/messages/conversation/${reader.partnerId}`;
    await etagOf(thread, reader.cookie);
    threadTags.push(await etagOf(thread, reader.cookie));
  }
  return { bracketTag, threadTags };
}
