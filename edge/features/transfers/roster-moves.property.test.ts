import { and, desc, eq, gt } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema/auth.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { teamInvites } from '../../../db/schema/team-invites.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { transferRequests } from '../../../db/schema/transfers.ts';
import { createTestApp, type TestApp, type TestMember } from '../../test/app.ts';

// Any sequence of invites, answers, transfer requests, decisions and removals, some of them sent at the same moment,
// through the API: every player stays on at most one team, has at most one pending request, a pending request's
// player is on the team it moves them from, an open invite's player is on no team, and nothing answers a 5xx.

const DAY = 24 * 60 * 60 * 1000;
const START = new Date('2026-11-21T12:00:00Z');

let t: TestApp;
let owners: (TestMember & { teamId: number })[];
let players: TestMember[];

beforeAll(async () => {
  t = await createTestApp({ now: START });
  owners = [];
  for (const name of ['Heat', 'Blitz']) {
    const owner = await t.member({ role: 'owner' });
    const [team] = await t.db.insert(teams).values({ name, ownerId: owner.id }).returning({ id: teams.id });
    owners.push({ ...owner, teamId: team!.id });
  }
  players = [await t.member(), await t.member(), await t.member()];
});
afterAll(() => t.cleanup());

type Command =
  | { kind: 'invite'; owner: number; player: number }
  | { kind: 'answer'; player: number; pick: number; status: 'accepted' | 'declined' }
  | { kind: 'submit'; player: number; to: number | null }
  /** `owner` null: the owner who decides that request (D37); else one of the two, right or wrong. */
  | { kind: 'decide'; owner: number | null; pick: number; status: 'approved' | 'rejected' }
  | { kind: 'remove'; owner: number; player: number }
  | { kind: 'wait'; days: number };

const who = { owner: fc.nat({ max: 1 }), player: fc.nat({ max: 2 }), pick: fc.nat({ max: 3 }) };
// Weighted so that sequences often reach the interesting states (an open invite answered, a request decided).
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('invite' as const), owner: who.owner, player: who.player }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      player: who.player,
      pick: who.pick,
      status: fc.constantFrom('accepted' as const, 'accepted' as const, 'declined' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      player: who.player,
      to: fc.option(who.owner, { nil: null }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('decide' as const),
      owner: fc.option(who.owner, { nil: null }),
      pick: who.pick,
      status: fc.constantFrom('approved' as const, 'approved' as const, 'rejected' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), owner: who.owner, player: who.player }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wait' as const), days: fc.constantFrom(1, 15) }) },
);

/** Sends one command through the API; picks among the newest invites or requests by their position. */
async function run(c: Command): Promise<number> {
  switch (c.kind) {
    case 'invite': {
      const o = owners[c.owner]!;
      return (await o.agent.post('/api/team-invites', { teamId: o.teamId, playerId: players[c.player]!.id })).status;
    }
    case 'answer': {
      const p = players[c.player]!;
      const ids = await t.db
        .select({ id: teamInvites.id })
        .from(teamInvites)
        .where(eq(teamInvites.userId, p.id))
        .orderBy(desc(teamInvites.id));
      const id = ids[c.pick % Math.max(ids.length, 1)]?.id ?? 99999;
      return (await p.agent.patch(`/api/team-invites/${id}`, { status: c.status })).status;
    }
    case 'submit': {
      const body = c.to === null ? {} : { toTeamId: owners[c.to]!.teamId };
      return (await players[c.player]!.agent.post('/api/transfers', body)).status;
    }
    case 'decide': {
      const rows = await t.db
        .select({ id: transferRequests.id, deciderTeamId: transferRequests.deciderTeamId })
        .from(transferRequests)
        .orderBy(desc(transferRequests.id));
      const row = rows[c.pick % Math.max(rows.length, 1)];
      const owner = c.owner === null ? owners.find((o) => o.teamId === row?.deciderTeamId) : owners[c.owner];
      return (await (owner ?? owners[0]!).agent.patch(`/api/transfers/${row?.id ?? 99999}`, { status: c.status }))
        .status;
    }
    case 'remove': {
      const o = owners[c.owner]!;
      return (await o.agent.delete(`/api/teams/${o.teamId}/roster/${players[c.player]!.id}`)).status;
    }
    case 'wait':
      t.advance(c.days * DAY);
      return 200;
  }
}

async function checkInvariants() {
  const rosters = await t.db.select().from(teamMembers);
  const teamOf = new Map<string, number>();
  for (const row of rosters) {
    expect(teamOf.has(row.userId), 'a player on two teams').toBe(false);
    teamOf.set(row.userId, row.teamId);
  }
  const pending = await t.db.select().from(transferRequests).where(eq(transferRequests.status, 'pending'));
  expect(new Set(pending.map((r) => r.userId)).size, 'two pending requests').toBe(pending.length);
  for (const request of pending)
    expect(teamOf.get(request.userId), 'pending request off its team').toBe(request.fromTeamId);
  const open = await t.db
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.status, 'pending'), gt(teamInvites.expiresAt, t.now())));
  for (const invite of open) expect(teamOf.has(invite.userId), 'open invite for a rostered player').toBe(false);
}

describe('roster moves under any sequence', () => {
  it('keep one team per player and one pending request per player', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            command.map((c) => [c]),
            fc.tuple(command, command),
          ),
          { minLength: 1, maxLength: 14 },
        ),
        async (steps) => {
          // Each run starts at the same time, with every member signed in whatever waits the last run made.
          t.setNow(START);
          await t.db.update(sessions).set({ expiresAt: new Date(START.getTime() + 365 * DAY) });
          await t.db.delete(transferRequests);
          await t.db.delete(teamInvites);
          await t.db.delete(notifications);
          await t.db.delete(teamMembers);
          // Two players start on a team each and the third is a free agent, so every move is possible from the start.
          await t.db.insert(teamMembers).values([
            { teamId: owners[0]!.teamId, userId: players[0]!.id, joinedAt: t.now() },
            { teamId: owners[1]!.teamId, userId: players[1]!.id, joinedAt: t.now() },
          ]);
          for (const step of steps) {
            // A pair is sent at the same moment, as two devices or two people would.
            const statuses = await Promise.all(step.map(run));
            for (const status of statuses) expect(status, JSON.stringify(step)).toBeLessThan(500);
            await checkInvariants();
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
