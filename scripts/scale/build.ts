// A league at scale (issue 16): members, teams, tournaments with brackets, final standings and the points ledger, and
// messages, written straight into a freshly migrated database with set-based SQL (a 100,000-member league takes
// about a minute instead of hours through the API). Every row passes the schema's constraints and triggers, so the
// FTS indexes, leaderboard points and conversations are what the app itself would have kept.
import type { Client } from '@libsql/client';
import { existsSync, rmSync } from 'node:fs';
import { openLocalDatabase } from '../../db/local.ts';

export interface ScaleSize {
  members: number;
  /** Default members / 10. */
  tournaments?: number;
  /** Default members * 10. */
  messages?: number;
}

// Names repeat as real ones do; a few rare words (RARE) give the search bench a needle.
const FIRST = `James Michael Robert John David William Richard Joseph Thomas Christopher Charles Daniel Matthew Anthony
Mark Donald Steven Andrew Paul Joshua Kenneth Kevin Brian Timothy Ronald Jason George Edward Jeffrey Ryan Jacob Nicholas
Gary Eric Jonathan Stephen Larry Justin Scott Brandon Benjamin Samuel Gregory Alexander Patrick Frank Raymond Jack Dennis
Jerry Tyler Aaron Jose Adam Nathan Henry Zachary Douglas Peter Kyle Noah Ethan Jeremy Christian Walter Keith Austin Roger
Terry Sean Gerald Carl Dylan Harold Jordan Jesse Bryan Lawrence Arthur Gabriel Bruce Logan Billy Joe Alan Juan Elijah
Willie Albert Wayne Randy Mason Vincent Liam Roy Bobby Caleb Bradley Russell Lucas Mary Patricia Jennifer Linda Elizabeth
Barbara Susan Jessica Karen Sarah Lisa Nancy Sandra Betty Ashley Emily Kimberly Margaret Donna Michelle Carol Amanda
Melissa Deborah Stephanie Rebecca Sharon Laura Cynthia Dorothy Amy Kathleen Angela Shirley Emma Brenda Pamela Nicole Anna
Samantha Katherine Christine Debra Rachel Carolyn Janet Maria Olivia Heather Helen Catherine Diane Julie Victoria Joyce
Lauren Kelly Christina Ruth Joan Virginia Judith Evelyn Hannah Andrea Megan Cheryl Jacqueline Madison Teresa Abigail
Sophia Martha Sara Gloria Janice Kathryn Ann Isabella Judy Charlotte Julia Grace Amber Alice Jean Denise Frances Danielle
Marilyn Natalie Beverly Diana Brittany Theresa Kayla Alexis Doris Lori Tiffany Aaliyah Zion Kareem Priya Malik Imani`
  .split(/\s+/)
  .filter(Boolean);
const LAST = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson
Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker
Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter
Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers
Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood
James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins
Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson
Alexander Hamilton Graham Reynolds Griffin Wallace West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens
Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman
Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks`
  .split(/\s+/)
  .filter(Boolean);
const CITIES = [
  ['Atlanta', 'GA'],
  ['Houston', 'TX'],
  ['Chicago', 'IL'],
  ['Los Angeles', 'CA'],
  ['Brooklyn', 'NY'],
  ['Phoenix', 'AZ'],
  ['Philadelphia', 'PA'],
  ['San Antonio', 'TX'],
  ['Dallas', 'TX'],
  ['Charlotte', 'NC'],
  ['Memphis', 'TN'],
  ['Detroit', 'MI'],
  ['Baltimore', 'MD'],
  ['Oakland', 'CA'],
  ['Miami', 'FL'],
  ['Seattle', 'WA'],
  ['Denver', 'CO'],
  ['Nashville', 'TN'],
  ['New Orleans', 'LA'],
  ['Columbus', 'OH'],
] as const;
const SPORTS = ['basketball', 'football', 'kickball', 'slap', 'soccer'];
const TAGLINES = [
  'Buckets on buckets',
  'Defense wins championships',
  'Quick first step, quicker hands',
  'Sunday league legend',
  'Playmaker from the blacktop',
  'Never lost a kickball final',
  'Hands team captain',
  'Glass cleaner',
];
const WORDS = ['Classic', 'Showdown', 'Invitational', 'Open', 'Throwdown', 'Cup', 'Slam', 'Jam', 'Bash', 'Series'];
const DIVISIONS = ['hoop', 'flag-football', 'kickball', 'slap', 'wrestling', 'boxing', 'basketball-3v3', 'soccer'];
/** Words that appear on a handful of rows only: the search bench's rare query. */
export const RARE = { lastName: 'Quintanilla', every: 9_973 } as const;

const list = (values: readonly string[]) => `json('${JSON.stringify(values).replace(/'/g, "''")}')`;
const pick = (values: readonly string[], index: string) => `json_extract(${list(values)}, '$[' || (${index}) || ']')`;
/** The i-th member's id: a UUID-shaped text key like real ones. */
const memberId = (i: string) => `printf('%08x-0000-4000-8000-%012x', ${i}, ${i})`;

/** Fills `client` (freshly migrated, empty) with a league of `size`; returns the counts written. */
export async function fillScaleLeague(
  client: Client,
  size: ScaleSize,
  now = Date.now(),
): Promise<Record<string, number>> {
  const N = size.members;
  const T = size.tournaments ?? Math.round(N / 10);
  const M = size.messages ?? N * 10;
  const TEAMS = Math.max(1, Math.round(N / 50));
  const DAY = 86_400_000;
  const step = async (label: string, sql: string) => {
    const started = performance.now();
    await client.execute(sql);
    console.log(
      `  ${label.padEnd(34)} ${Math.round(performance.now() - started)
        .toString()
        .padStart(7)} ms`,
    );
  };
  const cities = CITIES.map((c) => c[0]);
  const states = CITIES.map((c) => c[1]);

  await step(
    `${N.toLocaleString('en-US')} members`,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${N})
     INSERT INTO users (id, email, first_name, last_name, role, city, state, sport, tagline, is_verified,
                        wins, losses, games_played, created_at)
     SELECT ${memberId('i')}, 'member' || i || '@scale.example',
            ${pick(FIRST, `i % ${FIRST.length}`)},
            CASE WHEN i % ${RARE.every} = 0 THEN '${RARE.lastName}' ELSE ${pick(LAST, `(i / 7) % ${LAST.length}`)} END,
            CASE WHEN i % 50 = 0 THEN 'owner' WHEN i % 20 = 0 THEN 'fan' ELSE 'player' END,
            ${pick(cities, `i % ${cities.length}`)}, ${pick(states, `i % ${states.length}`)},
            ${pick(SPORTS, `(i / 3) % ${SPORTS.length}`)}, ${pick(TAGLINES, `i % ${TAGLINES.length}`)},
            (i % 37 = 0), 0, 0, 0, ${now} - i * 1000
     FROM n`,
  );
  await step(
    `${TEAMS.toLocaleString('en-US')} teams`,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${TEAMS})
     INSERT INTO teams (name, owner_id, tagline, motto, sport, city, wins, losses, tournaments_played)
     SELECT ${pick(cities, `i % ${cities.length}`)} || ' ' || ${pick(['Heat', 'Blitz', 'Kings', 'Storm', 'Wolves', 'Aces', 'Titans', 'Flight'], 'i % 8')} || ' ' || i,
            ${memberId('i * 50')}, ${pick(TAGLINES, `i % ${TAGLINES.length}`)}, 'Play hard, win cash',
            ${pick(SPORTS, `i % ${SPORTS.length}`)}, ${pick(cities, `i % ${cities.length}`)},
            abs(random()) % 60, abs(random()) % 40, abs(random()) % 30
     FROM n`,
  );
  // 85 % completed (the archive), the rest upcoming, live or awaiting approval; 70 % solo, the rest 3v3 or 5v5.
  await step(
    `${T.toLocaleString('en-US')} tournaments`,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${T})
     INSERT INTO tournaments (title, description, location, division, start_date, end_date, format, status, buy_in,
                              prize_pool, max_players, max_teams, team_size, host_id, created_at, started_at, completed_at)
     SELECT ${pick(cities, `i % ${cities.length}`)} || ' ' || ${pick(WORDS, `(i / 3) % ${WORDS.length}`)} || ' #' || i,
            'A one-day ' || ${pick(SPORTS, `i % ${SPORTS.length}`)} || ' tournament in ' || ${pick(cities, `i % ${cities.length}`)} || '. Winner takes home cash.',
            ${pick(cities, `i % ${cities.length}`)} || ', ' || ${pick(states, `i % ${states.length}`)},
            ${pick(DIVISIONS, `i % ${DIVISIONS.length}`)},
            CASE WHEN i % 20 < 17 THEN ${now} - i * ${Math.max(1, Math.floor((3 * 365 * DAY) / T))} ELSE ${now} + (i % 90 + 1) * ${DAY} END,
            NULL, 'single-elimination',
            CASE WHEN i % 20 < 17 THEN 'completed' WHEN i % 20 = 17 THEN 'upcoming' WHEN i % 20 = 18 THEN 'live' ELSE 'pending' END,
            25, 400 + (i % 10) * 100, 16, CASE WHEN i % 10 < 7 THEN NULL ELSE 16 END,
            CASE WHEN i % 10 < 7 THEN 1 WHEN i % 10 < 9 THEN 3 ELSE 5 END,
            ${memberId(`(i * 37) % ${N} + 1`)}, ${now} - i * 1000, NULL, NULL
     FROM n`,
  );
  await step(
    'start and end of completed ones',
    `UPDATE tournaments SET end_date = start_date + 8 * 3600000, started_at = start_date, completed_at = start_date + 8 * 3600000 WHERE status = 'completed'`,
  );
  // 16 entrants each: distinct members (the step 4729 is coprime with every N this builds), seeded 1-16.
  await step(
    'entrants (16 each)',
    `WITH RECURSIVE k(s) AS (SELECT 1 UNION ALL SELECT s + 1 FROM k WHERE s < 16)
     INSERT INTO entrants (tournament_id, user_id, name, seed, created_at)
     SELECT t.id, ${memberId(`((t.id * 7919 + (k.s - 1) * 4729) % ${N}) + 1`)}, 'Entrant ' || k.s, k.s, t.created_at
     FROM tournaments t, k WHERE t.status IN ('completed', 'live')`,
  );
  // A 16-entrant bracket where the better seed wins: round r, match j pairs seeds j and (2^(5-r)) + 1 - j.
  await step(
    'matches (15 each)',
    `WITH RECURSIVE r(round, size) AS (SELECT 1, 16 UNION ALL SELECT round + 1, size / 2 FROM r WHERE size > 2),
     slots AS (SELECT round, size, j FROM r, (WITH RECURSIVE j(j) AS (SELECT 1 UNION ALL SELECT j + 1 FROM j WHERE j < 8) SELECT j FROM j) WHERE j <= size / 2)
     INSERT INTO matches (tournament_id, key, stage, round, number, best_of, entrant_a_id, entrant_b_id, score_a,
                          score_b, winner_id, status, completed_at, result_seq)
     SELECT t.id, 'main-' || s.round || '-' || s.j, 'main', s.round, 16 - s.size + s.j,
            1, a.id, b.id, 21, 10 + (s.j % 9), a.id,
            CASE WHEN t.status = 'completed' OR s.round = 1 THEN 'completed' ELSE 'upcoming' END,
            CASE WHEN t.status = 'completed' OR s.round = 1 THEN t.start_date + s.round * 3600000 END, s.round * 10 + s.j
     FROM tournaments t JOIN slots s
     JOIN entrants a ON a.tournament_id = t.id AND a.seed = s.j
     JOIN entrants b ON b.tournament_id = t.id AND b.seed = s.size + 1 - s.j
     WHERE t.status IN ('completed', 'live')`,
  );
  await step(
    'final standings',
    `INSERT INTO final_standings (tournament_id, winner_id, runner_up_id, third_place_id, fourth_place_id, mvp_user_id, updated_at)
     SELECT t.id, e1.id, e2.id, e3.id, e4.id, e1.user_id, t.completed_at FROM tournaments t
     JOIN entrants e1 ON e1.tournament_id = t.id AND e1.seed = 1 JOIN entrants e2 ON e2.tournament_id = t.id AND e2.seed = 2
     JOIN entrants e3 ON e3.tournament_id = t.id AND e3.seed = 3 JOIN entrants e4 ON e4.tournament_id = t.id AND e4.seed = 4
     WHERE t.status = 'completed'`,
  );
  await step(
    'champions',
    `UPDATE tournaments SET champion_id = (SELECT user_id FROM entrants WHERE tournament_id = tournaments.id AND seed = 1) WHERE status = 'completed'`,
  );
  // D14 through the ledger (its trigger keeps leaderboard_points): +5 each entrant, +10 a match win, places.
  await step(
    'points ledger',
    `INSERT INTO points_ledger (user_id, tournament_id, reason, points, team_size, created_at)
     SELECT e.user_id, t.id, 'participation', 5, t.team_size, t.completed_at FROM tournaments t JOIN entrants e ON e.tournament_id = t.id WHERE t.status = 'completed'
     UNION ALL
     SELECT e.user_id, t.id, 'match-win', 10, t.team_size, t.completed_at FROM tournaments t JOIN matches m ON m.tournament_id = t.id JOIN entrants e ON e.id = m.winner_id WHERE t.status = 'completed'
     UNION ALL
     SELECT e.user_id, t.id, CASE e.seed WHEN 1 THEN 'champion' WHEN 2 THEN 'runner-up' WHEN 3 THEN 'third' ELSE 'fourth' END,
            CASE e.seed WHEN 1 THEN 100 WHEN 2 THEN 60 WHEN 3 THEN 40 ELSE 25 END, t.team_size, t.completed_at
     FROM tournaments t JOIN entrants e ON e.tournament_id = t.id AND e.seed <= 4 WHERE t.status = 'completed'`,
  );
  await step(
    'member points',
    `UPDATE users SET wta_points = x.p FROM (SELECT user_id, sum(points) AS p FROM points_ledger GROUP BY user_id) AS x
     WHERE x.user_id = users.id`,
  );
  await step(
    'member records',
    `UPDATE users SET wins = x.w, losses = x.g - x.w, games_played = x.g FROM (
       SELECT e.user_id, sum(m.winner_id = e.id) AS w, count(*) AS g
       FROM matches m JOIN entrants e ON e.id IN (m.entrant_a_id, m.entrant_b_id)
       WHERE m.status = 'completed' GROUP BY e.user_id) AS x
     WHERE x.user_id = users.id`,
  );
  // Messages between nearby members (conversations of a few hundred thousand pairs), a minute apart, most read.
  await step(
    `${M.toLocaleString('en-US')} messages`,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${M})
     INSERT INTO messages (sender_id, recipient_id, body, read_at, created_at)
     SELECT ${memberId(`(i % ${N}) + 1`)}, ${memberId(`((i % ${N}) + 1 + 1 + (i / ${N}) % 5) % ${N} + 1`)},
            'Good game today! See you at the next ' || ${pick(WORDS, `i % ${WORDS.length}`)} || '.',
            CASE WHEN i % 10 = 0 THEN NULL ELSE ${now} - (${M} - i) * 60000 + 30000 END, ${now} - (${M} - i) * 60000
     FROM n`,
  );
  await step('statistics (ANALYZE)', 'ANALYZE');

  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'teams',
    'tournaments',
    'entrants',
    'matches',
    'points_ledger',
    'leaderboard_points',
    'messages',
    'conversations',
  ]) {
    const rs = await client.execute(`SELECT count(*) AS n FROM ${table}`);
    counts[table] = Number(rs.rows[0]!.n);
  }
  return counts;
}

/** Creates (or, with `reuse`, keeps) a migrated scale database at `path` and fills it. */
export async function buildScaleDatabase(path: string, size: ScaleSize, opts: { reuse?: boolean } = {}) {
  if (opts.reuse && existsSync(path)) return openLocalDatabase(`file:${path}`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  const opened = await openLocalDatabase(`file:${path}`);
  const started = performance.now();
  const counts = await fillScaleLeague(opened.client, size);
  console.log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s:`, counts);
  return opened;
}
