// The public reads over HTTP on both hosts: the tournament list a page at a time, a tournament and its registrations,
// a division's page, the leaderboards, search, the Free Agency Pool and public profiles with Follow. Each test finds
// its own rows among the others' (the hosts' databases are shared by every test file of the run).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teams } from '../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments } from '../../db/schema/tournaments.ts';
import { users } from '../../db/schema/users.ts';
import { json, member } from '../features/payments/test-helpers.ts';
import { fastMember } from '../test/fast-members.ts';
import { eachHost, type Host } from './host.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A name no other row of the run has: letters only, so search's prefixes find it. */
const uniqueName = (base: string) => `${base}${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;

async function upcoming(host: Host, count: number, fields: Partial<typeof tournaments.$inferInsert>) {
  return host.db
    .insert(tournaments)
    .values(
      Array.from({ length: count }, (_, i) => ({
        startDate: new Date(Date.now() + (400 + i) * DAY),
        createdAt: new Date(Date.now() - DAY),
        ...fields,
        title: `${fields.title ?? 'Open'} ${i + 1}`,
      })),
    )
    .returning({ id: tournaments.id });
}

eachHost((host) => {
  describe('edge/features/tournaments/routes.ts', () => {
    it('lists a page at a time with X-Next-Cursor and Link; a tournament with its ETag, registrations and sponsors', async () => {
      const ids = (await upcoming(host, 3, { division: 'boxing', title: 'Paging Open' })).map((r) => r.id);
      const first = await host.request('/api/tournaments?division=boxing&limit=2');
      const cursor = first.headers.get('x-next-cursor')!;
      expect(first.headers.get('link')).toBe(`</api/tournaments?division=boxing&limit=2&cursor=${encodeURIComponent(cursor)}>; rel="next"`);
      const second = await json<{ id: number }[]>(await host.request(`/api/tournaments?division=boxing&limit=2&cursor=${encodeURIComponent(cursor)}`));
      expect([...(await json<{ id: number }[]>(first)), ...second].map((t) => t.id)).toEqual(ids);

      const player = await member(host);
      await host.db.insert(tournamentRegistrations).values({ tournamentId: ids[0]!, userId: player.id, status: 'registered', createdAt: host.now() });
      const one = await host.request(`/api/tournaments/${ids[0]}`);
      expect(await json(one)).toMatchObject({ id: ids[0], title: 'Paging Open 1', status: 'upcoming' });
      expect((await host.request(`/api/tournaments/${ids[0]}`, { headers: { 'if-none-match': one.headers.get('etag')! } })).status).toBe(304);
      expect(await json(await host.request(`/api/tournaments/${ids[0]}/registrations`))).toEqual([
        expect.objectContaining({ userId: player.id, status: 'registered' }),
      ]);
      expect(await json(await host.request(`/api/tournaments/${ids[0]}/sponsors`))).toEqual([]);
      expect(await json(await player.agent.get('/api/tournament-registrations/my-registrations'))).toEqual([
        expect.objectContaining({ tournamentId: ids[0], status: 'registered' }),
      ]);
      expect(await json(await host.request('/api/tournaments/next'))).toMatchObject({ id: expect.any(Number) });
      expect((await host.request('/api/tournaments/999999999')).status).toBe(404);
    });
  });

  describe('edge/features/divisions/routes.ts', () => {
    it("gives a division's first twelve live and upcoming tournaments, then the next page", async () => {
      await upcoming(host, 13, { division: 'pickleball', title: 'Dink Day' });
      const division = await json<{ name: string; upcoming: unknown[]; upcomingNextCursor: string | null }>(
        await host.request('/api/divisions/pickleball'),
      );
      expect(division.upcoming).toHaveLength(12);
      const more = await json<unknown[]>(
        await host.request(`/api/divisions/pickleball/upcoming?cursor=${encodeURIComponent(division.upcomingNextCursor!)}`),
      );
      expect(more.length).toBeGreaterThanOrEqual(1);
      expect((await host.request('/api/divisions/curling')).status).toBe(404);
    });
  });

  describe('edge/features/leaderboards/routes.ts', () => {
    it('ranks players by points and finds a team by name', async () => {
      const lastName = uniqueName('Leader');
      const star = await fastMember(host, { lastName, wtaPoints: 9_000_000, wins: 90, losses: 1, gamesPlayed: 91 });
      const players = await json<{ id: string }[]>(await host.request('/api/leaderboards/players'));
      expect(players[0]!.id).toBe(star.id);
      const name = uniqueName('Boardteam');
      await host.db.insert(teams).values({ name, ownerId: star.id, wins: 5 });
      const found = await json<{ name: string }[]>(await host.request(`/api/leaderboards/teams?search=${name}`));
      expect(found.map((t) => t.name)).toEqual([name]);
    });
  });

  describe('edge/features/search/routes.ts', () => {
    it('finds a member, a team and a tournament by the first letters of their names', async () => {
      const word = uniqueName('Zephyr');
      const someone = await fastMember(host, { firstName: word, lastName: 'Searched' });
      await host.db.insert(teams).values({ name: `${word} Ballers`, ownerId: someone.id });
      await upcoming(host, 1, { title: `${word} Classic` });
      const found = await json<{ users: { id: string }[]; teams: { name: string }[]; tournaments: { title: string }[] }>(
        await host.request(`/api/search?q=${word.slice(0, -2)}`),
      );
      expect(found.users.map((u) => u.id)).toEqual([someone.id]);
      expect(found.teams.map((t) => t.name)).toEqual([`${word} Ballers`]);
      expect(found.tournaments.map((t) => t.title)).toEqual([`${word} Classic 1`]);
    });
  });

  describe('edge/features/free-agency/routes.ts', () => {
    it('lists a player without a team to an owner, and refuses fans', async () => {
      const lastName = uniqueName('Freeagent');
      const free = await fastMember(host, { lastName });
      const owner = await fastMember(host, { role: 'owner' });
      const pool = await json<{ id: string }[]>(await owner.agent.get(`/api/free-agency?q=${lastName}`));
      expect(pool.map((p) => p.id)).toEqual([free.id]);
      const fan = await fastMember(host, { role: 'fan' });
      expect((await fan.agent.get('/api/free-agency')).status).toBe(403);
    });
  });

  describe('edge/features/profiles/routes.ts', () => {
    it("shows a player's and a team's public profile, and follows and unfollows both", async () => {
      const player = await fastMember(host, { firstName: 'Profiled' });
      await host.db.update(users).set({ city: 'Macon' }).where(eq(users.id, player.id));
      const fan = await fastMember(host, { role: 'fan' });
      expect(await json(await host.request(`/api/players/${player.id}/profile`))).toMatchObject({ firstName: 'Profiled', city: 'Macon' });
      expect(await json(await fan.agent.put(`/api/players/${player.id}/follow`))).toEqual({ following: true, followerCount: 1 });
      expect(await json(await fan.agent.delete(`/api/players/${player.id}/follow`))).toEqual({ following: false, followerCount: 0 });

      const owner = await fastMember(host, { role: 'owner' });
      const [team] = await host.db.insert(teams).values({ name: uniqueName('Profileteam'), ownerId: owner.id }).returning({ id: teams.id });
      expect(await json(await host.request(`/api/teams/${team!.id}/profile`))).toMatchObject({ id: team!.id });
      expect(await json(await fan.agent.put(`/api/teams/${team!.id}/follow`))).toEqual({ following: true, followerCount: 1 });
      expect((await owner.agent.put(`/api/teams/${team!.id}/follow`)).status).toBe(400);
      expect(await json(await fan.agent.delete(`/api/teams/${team!.id}/follow`))).toEqual({ following: false, followerCount: 0 });
    });
  });
});
