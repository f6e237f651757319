// Issue 38 item 6 through the API against a real migrated database: a member downloads their own data as one JSON
// file, and a tournament's host or an admin its results as CSV; nobody else gets either.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pointsLedger } from '../../../db/schema/competition.ts';
import { messages } from '../../../db/schema/messages.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import type { TestApp } from '../../test/app.ts';
import {
  bracketOf,
  competitionApp,
  playable,
  tournamentWithPlayers,
  winningScore,
} from '../competition/test-helpers.ts';
import { json, member, type Member } from '../payments/test-helpers.ts';
import { csvField, toCsv } from './csv.ts';
import { RESULTS_HEADER } from './service.ts';

let t: TestApp;
let admin: Member;
beforeEach(async () => ({ t, admin } = await competitionApp()));
afterEach(() => t.cleanup());

describe("a member's own data", () => {
  it('is one JSON file with their profile, registrations, points, messages both ways and signed waivers', async () => {
    expect((await t.request('/api/profile/export')).status).toBe(401);
    const { id, players } = await tournamentWithPlayers(t, { n: 2 });
    const [me, other] = players as [Member, Member];
    const stranger = await member(t);
    const at = t.now();
    await t.db.insert(messages).values([
      { senderId: me.id, recipientId: other.id, body: 'See you on court', createdAt: at },
      { senderId: other.id, recipientId: me.id, body: 'Ready', createdAt: at },
      { senderId: other.id, recipientId: stranger.id, body: 'Not theirs', createdAt: at },
    ]);
    await t.db
      .insert(pointsLedger)
      .values({ userId: me.id, tournamentId: id, reason: 'participation', points: 10, teamSize: 1, createdAt: at });

    const res = await me.agent.get('/api/profile/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="wta-my-data-2026-11-21.json"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = (await res.json()) as Record<string, unknown> & {
      profile: Record<string, unknown>;
      registrations: { tournamentId: number; status: string }[];
      pointsLedger: { points: number }[];
      messages: { body: string; direction: string }[];
      waivers: { userId: string; contentHash: string }[];
      payments: unknown[];
    };
    expect(data.profile).toMatchObject({ id: me.id });
    expect(data.profile).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(data)).not.toContain('$scrypt');
    expect(data.registrations).toEqual([expect.objectContaining({ tournamentId: id, status: 'registered' })]);
    expect(data.pointsLedger.map((p) => p.points)).toEqual([10]);
    expect(data.messages.map((m) => [m.body, m.direction])).toEqual([
      ['See you on court', 'sent'],
      ['Ready', 'received'],
    ]);
    expect(data.waivers.length).toBeGreaterThan(0);
    expect(data.waivers.every((w) => w.userId === me.id && w.contentHash.length > 0)).toBe(true);
    expect(data.payments).toEqual([]);
  });
});

describe("a tournament's results", () => {
  it('download as CSV for its host and admins, one row per match, names that look like formulas defused', async () => {
    const { id, players } = await tournamentWithPlayers(t, { n: 4, format: 'round-robin' });
    const host = await member(t);
    await t.db
      .update(tournaments)
      .set({ hostId: host.id, title: 'Winter Slam: Finals!' })
      .where(eq(tournaments.id, id));
    await json(await host.agent.post(`/api/tournaments/${id}/start`));
    const [m] = playable(await bracketOf(t, id));
    await json(
      await host.agent.post(`/api/tournaments/${id}/matches/${m!.id}/result`, {
        ...winningScore(m!, true),
        version: m!.version,
      }),
    );
    // A name that a spreadsheet would run.
    const { entrants } = await import('../../../db/schema/competition.ts');
    await t.db.update(entrants).set({ name: '=HYPERLINK("x")' }).where(eq(entrants.id, m!.teamA!.id));

    for (const who of [host, admin]) {
      const res = await who.agent.get(`/api/tournaments/${id}/results.csv`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="winter-slam-finals-results.csv"');
      const lines = (await res.text()).trimEnd().split('\r\n');
      expect(lines[0]).toBe(RESULTS_HEADER.join(','));
      expect(lines).toHaveLength(1 + 6);
      const row = lines.find((l) => l.startsWith(`${m!.matchNumber},`))!;
      expect(row).toContain(`"'=HYPERLINK(""x"")"`);
      expect(row).toContain(',completed,false,');
    }
    expect((await players[0]!.agent.get(`/api/tournaments/${id}/results.csv`)).status).toBe(403);
    expect((await t.request(`/api/tournaments/${id}/results.csv`)).status).toBe(401);
    expect((await host.agent.get('/api/tournaments/999999/results.csv')).status).toBe(404);
  });

  it('writes fields as RFC 4180 asks', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@x')).toBe("'@x");
    expect(csvField(-2)).toBe('-2');
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('true');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('a,b\r\n1,x\r\n');
  });
});
