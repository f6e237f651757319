// Issue 38's files for other programs over HTTP on both hosts: D45's calendar feeds (a tournament's with its 304 and
// SEQUENCE, a division's, a member's at a secret address with Reset) and the exports (a member's own data, a
// tournament's results as CSV). On the Worker this is ical-generator on workerd and the trigger over Hrana.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tournaments } from '../../db/schema/tournaments.ts';
import { playToCompletion, tournamentWithPlayers } from '../features/competition/test-helpers.ts';
import { addTournament, json, member } from '../features/payments/test-helpers.ts';
import { leagueAdmin } from '../test/admin-fixtures.ts';
import { eachHost } from './host.ts';

const DAY = 24 * 60 * 60 * 1000;

eachHost((host) => {
  describe('edge/features/calendars/routes.ts', () => {
    it("answers a tournament's feed with its 304 and a raised SEQUENCE, a division's, and a member's with Reset", async () => {
      const id = await addTournament(host, { division: 'kickball', startDate: new Date(Date.now() + 30 * DAY) });
      const first = await host.request(`/api/calendar/tournaments/${id}.ics`);
      expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const text = await first.text();
      expect(text).toContain(`UID:tournament-${id}@`);
      expect(text).toContain('SEQUENCE:0');
      const etag = first.headers.get('etag')!;
      expect(
        (await host.request(`/api/calendar/tournaments/${id}.ics`, { headers: { 'if-none-match': etag } })).status,
      ).toBe(304);
      await host.db
        .update(tournaments)
        .set({ startDate: new Date(Date.now() + 31 * DAY) })
        .where(eq(tournaments.id, id));
      expect(await (await host.request(`/api/calendar/tournaments/${id}.ics`)).text()).toContain('SEQUENCE:1');
      expect(await (await host.request('/api/calendar/divisions/kickball.ics')).text()).toContain(
        `UID:tournament-${id}@`,
      );

      expect((await host.request('/api/profile/calendar')).status).toBe(401);
      const me = await member(host);
      const { url } = await json<{ url: string }>(await me.agent.post('/api/profile/calendar/reset'));
      const path = new URL(url).pathname;
      expect((await host.request(path)).status).toBe(200);
      await json(await me.agent.post('/api/profile/calendar/reset'));
      expect((await host.request(path)).status).toBe(404);
    });
  });

  describe('edge/features/exports/routes.ts', () => {
    it("gives a member their own data and the admin a tournament's results as CSV", async () => {
      const me = await member(host);
      const data = await json<{ profile: { id: string } }>(await me.agent.get('/api/profile/export'));
      expect(data.profile.id).toBe(me.id);
      expect(data.profile).not.toHaveProperty('passwordHash');

      const admin = await leagueAdmin(host);
      const { id, players } = await tournamentWithPlayers(host, { n: 2 });
      await json(await admin.agent.post(`/api/tournaments/${id}/start`));
      await playToCompletion(host, admin, id);
      const csv = await admin.agent.get(`/api/tournaments/${id}/results.csv`);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const lines = (await csv.text()).trimEnd().split('\r\n');
      expect(lines[0]!.startsWith('Match,Stage,Round,')).toBe(true);
      expect(lines.slice(1).every((l) => l.includes(',completed,'))).toBe(true);
      expect((await players[0]!.agent.get(`/api/tournaments/${id}/results.csv`)).status).toBe(403);
    });
  });
});
