import { count } from 'drizzle-orm';
import type { Db } from './client.ts';
import { waiverSignatureRow } from './waiver-signature.ts';
import { seedCheckIns } from './seed-check-in.ts';
import { seedContent } from './seed-content.ts';
import { seedInbox } from './seed-inbox.ts';
import { seedFanTicket } from './seed-ticket.ts';
import { seedHosting } from './seed-hosting.ts';
import { payBuyIns } from './seed-payments.ts';
import { seedMediaDay } from './seed-media.ts';
import { seedVerification } from './seed-verification.ts';
import {
  blogPosts,
  follows,
  sponsors,
  teamEntryMembers,
  teamMembers,
  teams,
  tournamentRegistrations,
  tournaments,
  users,
  waiverSignatures,
  waivers,
} from './schema/index.ts';
import { seedIncidents } from './seed-incidents.ts';
import * as content from './seed-data/content.ts';
import { demoAccounts, fans, owners, players, teams as teamSeeds } from './seed-data/people.ts';
import { DAY, HOUR, SEED_WAIVER_TEXT_VERSION, seededId, userRow, waiverRow } from './seed-rows.ts';
import { flyerOf, tournaments as tournamentSeeds, type TournamentStart } from './seed-data/tournaments.ts';

/** D18: every demo account signs in with this password (local embedded runs only). */
export const DEMO_PASSWORD = 'wta-demo-2025';
export { SEED_WAIVER_TEXT_VERSION };

export interface SeedOptions {
  /** Every seeded time is relative to this instant (countdowns, the early window and the live event stay current). */
  now: Date;
  hashPassword: (password: string) => Promise<string>;
  /** The D18 demo accounts with a known password: only for local runs, never on Workers. */
  includeDemoAccounts: boolean;
  /** WAIVER_SIGNING_KEY: the demo waivers are signed in the seed's transaction, as the API signs new ones (D8). */
  waiverSigningKey: string;
}

export interface SeedResult {
  seeded: boolean;
  counts: Record<string, number>;
}

/**
 * Fills an empty database with a living demo league: members, teams, tournaments in every state, sponsors,
 * blog posts, messages and notifications. Does nothing when any user exists, so restarts keep (and never
 * duplicate) data. Everything is inserted in one transaction and is deterministic apart from `now`.
 */
export async function seedDemoData(db: Db, opts: SeedOptions): Promise<SeedResult> {
  if (await hasUsers(db)) return { seeded: false, counts: {} };

  const people = [...(opts.includeDemoAccounts ? demoAccounts : []), ...players, ...owners, ...fans];
  // Hashed before the transaction (scrypt takes ~0.3-0.6 s and must not hold the write lock), and once: the
  // demo password is published in the README, so one salt shared by the demo accounts hides nothing.
  const demoHash = opts.includeDemoAccounts ? await opts.hashPassword(DEMO_PASSWORD) : null;
  const demoKeys = new Set(demoAccounts.map((p) => p.key));

  const now = opts.now;
  // Near events are placed relative to the hour (the early window, the live event); the others on a day
  // and hour of their own, so schedules read like real ones.
  const hourBase = Math.floor(now.getTime() / HOUR) * HOUR;
  const dayBase = Math.floor(now.getTime() / DAY) * DAY;
  const startOf = (start: TournamentStart) =>
    new Date(
      'inHours' in start ? hourBase + start.inHours * HOUR : dayBase + start.inDays * DAY + start.atUtcHour * HOUR,
    );
  const ago = (ms: number) => new Date(now.getTime() - ms);

  return db.transaction(async (tx): Promise<SeedResult> => {
    // Re-check inside the write transaction: two hosts starting at once must not both seed.
    if (await hasUsers(tx)) return { seeded: false, counts: {} };

    const userId = new Map<string, string>();
    for (const p of people) userId.set(p.key, seededId(`user:${p.email}`));
    const idOf = (key: string) => {
      const id = userId.get(key);
      if (!id) throw new Error(`Seed data refers to unknown person "${key}"`);
      return id;
    };
    // Without the demo accounts, whatever belongs to them (their team, hosted events, inbox) is left out.
    const known = (key: string) => userId.has(key);

    await tx
      .insert(users)
      .values(people.map((p) => userRow(p, idOf(p.key), demoKeys.has(p.key) ? demoHash : null, now)));

    // Teams and rosters.
    const teamId = new Map<string, number>();
    for (const t of teamSeeds.filter((team) => known(team.owner))) {
      const createdAt = ago(t.createdDaysAgo * DAY);
      const [row] = await tx
        .insert(teams)
        .values({
          name: t.name,
          ownerId: idOf(t.owner),
          tagline: t.tagline,
          motto: t.motto,
          sport: t.sport,
          city: t.city,
          // No record or titles of its own: its team tournaments give them (D22), played through the engine.
          createdAt,
        })
        .returning({ id: teams.id });
      teamId.set(t.name, row!.id);
      await tx.insert(teamMembers).values(
        t.roster.filter(known).map((member, i) => ({
          teamId: row!.id,
          userId: idOf(member),
          position:
            member === t.captain ? ('captain' as const) : member === t.coach ? ('coach' as const) : ('player' as const),
          joinedAt: new Date(createdAt.getTime() + (i + 1) * DAY),
        })),
      );
    }

    // Who follows whom (D31): the demo fan follows the verified player and the owner's team.
    const followRows = people.flatMap((p) => [
      ...(p.follows?.players ?? [])
        .filter(known)
        .map((key) => ({ followerId: idOf(p.key), playerId: idOf(key), createdAt: ago(7 * DAY) })),
      ...(p.follows?.teams ?? [])
        .filter((name) => teamId.has(name))
        .map((name) => ({ followerId: idOf(p.key), teamId: teamId.get(name)!, createdAt: ago(7 * DAY) })),
    ]);
    if (followRows.length) await tx.insert(follows).values(followRows);

    // Tournaments, registrations and sponsors.
    const tournamentId = new Map<string, number>();
    let soonestUpcoming: { id: number; title: string; startDate: Date } | null = null;
    const firstRegistration = new Map<string, Date>();
    let registrationCount = 0;
    let sponsorCount = 0;
    for (const seed of tournamentSeeds) {
      if (seed.host && !known(seed.host) && (seed.status === 'pending' || seed.status === 'rejected')) continue;
      const t = {
        ...seed,
        host: seed.host && known(seed.host) ? seed.host : undefined,
        entrants: seed.entrants.filter(known),
      };
      if (t.entrants.length > t.maxPlayers) throw new Error(`Seed tournament "${t.key}" is over capacity`);
      // A team tournament's entries (D22): the teams whose owner is seeded.
      const enteredTeams = (t.team?.teams ?? []).filter((name) => teamId.has(name));
      if (t.team && enteredTeams.length > t.team.maxTeams)
        throw new Error(`Seed tournament "${t.key}" is over capacity`);
      const startDate = startOf(t.start);
      const createdAt = ago(t.createdDaysAgo * DAY);
      const completed = t.status === 'completed';
      const [row] = await tx
        .insert(tournaments)
        .values({
          title: t.title,
          description: t.description,
          location: t.location,
          division: t.division,
          startDate,
          endDate: new Date(startDate.getTime() + t.durationHours * HOUR),
          format: t.format,
          status: t.status,
          buyIn: t.buyIn,
          prizePool: t.prizePool,
          maxPlayers: t.maxPlayers,
          maxTeams: t.team?.maxTeams ?? null,
          teamSize: t.team?.teamSize ?? 1,
          flyerUrl: flyerOf(t.division),
          hostId: t.host ? idOf(t.host) : null,
          championId: completed && t.entrants[0] ? idOf(t.entrants[0]) : null,
          championTeamId: completed && enteredTeams[0] ? teamId.get(enteredTeams[0])! : null,
          rejectionReason: t.rejectionReason ?? null,
          checkIn: t.checkIn !== undefined,
          createdAt,
        })
        .returning({ id: tournaments.id });
      const id = row!.id;
      tournamentId.set(t.key, id);
      // The fan's ticket and the sponsor listing go to the next event without check-in (those start within hours).
      if (
        t.status === 'upcoming' &&
        !t.checkIn &&
        startDate > now &&
        (!soonestUpcoming || startDate < soonestUpcoming.startDate)
      ) {
        soonestUpcoming = { id, title: t.title, startDate };
      }

      // Registrations trickle in between creation and the earlier of start and now.
      const end = Math.min(startDate.getTime(), now.getTime()) - HOUR;
      const span = Math.max(end - createdAt.getTime(), HOUR);
      const registeredAt = (i: number, of: number) =>
        new Date(createdAt.getTime() + Math.floor((span * (i + 1)) / (of + 1)));
      const noteFirst = (key: string, at: Date) => {
        const previous = firstRegistration.get(key);
        if (!previous || at < previous) firstRegistration.set(key, at);
      };
      // Each entry paid its buy-in through the test checkout as it was taken (D9); a free one paid nothing.
      const soloPayments = await payBuyIns(
        tx,
        { id, key: t.key, title: t.title, buyIn: t.buyIn },
        t.entrants.map((key, i) => ({ key, buyerId: idOf(key), at: registeredAt(i, t.entrants.length) })),
      );
      if (t.entrants.length > 0) {
        const rows = t.entrants.map((key, i) => {
          const at = registeredAt(i, t.entrants.length);
          noteFirst(key, at);
          return {
            tournamentId: id,
            userId: idOf(key),
            status: 'registered' as const,
            placement: completed && i < 4 ? i + 1 : null,
            paymentId: soloPayments[i] ?? null,
            createdAt: at,
          };
        });
        await tx.insert(tournamentRegistrations).values(rows);
        registrationCount += rows.length;
      }
      const teamEntries = enteredTeams.map((name, i) => {
        const team = teamSeeds.find((candidate) => candidate.name === name)!;
        return { team, key: name, buyerId: idOf(team.owner), at: registeredAt(i, enteredTeams.length), teamName: name };
      });
      const teamPayments = await payBuyIns(tx, { id, key: t.key, title: t.title, buyIn: t.buyIn }, teamEntries);
      for (const [i, { team, at }] of teamEntries.entries()) {
        // The owner enters the team (one buy-in); its roster at entry plays, and signed the waiver first (D22).
        const [entry] = await tx
          .insert(tournamentRegistrations)
          .values({
            tournamentId: id,
            userId: idOf(team.owner),
            teamId: teamId.get(team.name)!,
            status: 'registered',
            placement: completed && i < 4 ? i + 1 : null,
            paymentId: teamPayments[i] ?? null,
            createdAt: at,
          })
          .returning({ id: tournamentRegistrations.id });
        const roster = team.roster.filter(known);
        await tx.insert(teamEntryMembers).values(
          roster.map((key) => ({
            registrationId: entry!.id,
            tournamentId: id,
            teamId: teamId.get(team.name)!,
            userId: idOf(key),
            position: key === team.captain ? 'captain' : key === team.coach ? 'coach' : 'player',
            createdAt: at,
          })),
        );
        for (const key of roster) noteFirst(key, at);
        registrationCount += 1;
      }
      if (t.checkIn) {
        const checkedIn = t.checkIn.checkedIn.filter((key) => teamId.has(key) || known(key));
        await seedCheckIns(tx, { id, now, checkedIn, idOf, teamId });
      }
      if (t.sponsors?.length) {
        await tx.insert(sponsors).values(t.sponsors.map((s) => ({ ...s, tournamentId: id, createdAt })));
        sponsorCount += t.sponsors.length;
      }
    }

    // Everyone who registered signed the liability waiver first (D9); player@ has not, on purpose (D18).
    const signers = people.filter((p) => firstRegistration.has(p.key) || p.key === 'verified');
    const waiverRows = await Promise.all(
      signers.map((p, i) => {
        const firstReg = firstRegistration.get(p.key) ?? ago(10 * DAY);
        const receivedAt = new Date(firstReg.getTime() - 2 * DAY);
        return waiverRow(p, idOf(p.key), receivedAt, p.key === 'verified' ? '127.0.0.1' : `198.51.100.${10 + i}`);
      }),
    );
    if (waiverRows.length) {
      const stored = await tx
        .insert(waivers)
        .values(waiverRows)
        .returning({ id: waivers.id, contentHash: waivers.contentHash });
      await tx.insert(waiverSignatures).values(stored.map((w) => waiverSignatureRow(opts.waiverSigningKey, w, now)));
    }

    const admin = people.find((p) => p.role === 'admin' && p.email.endsWith('@wta.local'));
    await tx.insert(blogPosts).values(
      content.blogPosts.map((post) => ({
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        body: post.body,
        category: post.category,
        coverImageUrl: null,
        authorId: admin ? idOf(admin.key) : null,
        publishedAt: ago(post.publishedDaysAgo * DAY),
      })),
    );

    const inbox = await seedInbox(tx, { people, idOf, known, now, tournamentId, teamId });
    // The fan bought a Supporter Pass for the next event through the test checkout, so My Tickets has a QR code.
    const ticketCount =
      known('fan') && soonestUpcoming ? await seedFanTicket(tx, idOf('fan'), soonestUpcoming, now) : 0;
    await seedHosting(tx, tournamentId);
    await seedMediaDay(tx, { now, rsvpFrom: known('ohughes') ? idOf('ohughes') : null });
    await seedVerification(tx, { idOf, now });
    // Issue 14: a draft post and a paid sponsor listing awaiting approval for the Content tab.
    const adminContent = await seedContent(tx, {
      now,
      authorId: admin ? idOf(admin.key) : null,
      tournament: soonestUpcoming,
    });
    return {
      seeded: true,
      counts: {
        incidents: await seedIncidents(tx, idOf, known, now),
        users: people.length,
        teams: teamId.size,
        tournaments: tournamentId.size,
        registrations: registrationCount,
        waivers: waiverRows.length,
        sponsors: sponsorCount,
        blogPosts: content.blogPosts.length,
        ...inbox,
        tickets: ticketCount,
        ...adminContent,
      },
    };
  });
}

type Executor = Pick<Db, 'select'>;

async function hasUsers(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}
