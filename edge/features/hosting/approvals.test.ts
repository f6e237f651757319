// The admin Tournaments tab's approvals (001 s2, s5, s7; D6, D10, D15, D24): who may decide, approve lists the
// tournament as upcoming (never after its start), reject stores the reason, each decision notifies the host once and
// is in the audit log with its before and after; two admins deciding at once give one decision.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DAY, json, member, notificationsOf, type Member } from '../payments/test-helpers.ts';
import type { Tournament } from '../tournaments/schema.ts';
import { notificationKinds } from '../notifications/schema.ts';
import {
  HOSTING_TEXTS as T,
  REASON_REQUIRED_TEXT,
  type HostedTournament,
  type HostedTournamentPage,
} from './schema.ts';
import { foreignAdmin, hostForm, leagueAdmin, verifiedHost } from './test-fixtures.ts';

let t: TestApp;
let host: Member;
let admin: Member;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  host = await verifiedHost(t);
  admin = await leagueAdmin(t);
});
afterEach(() => t.cleanup());

async function submit(fields: Record<string, unknown> = {}, inDays = 14) {
  return json<HostedTournament>(await host.agent.post('/api/tournaments/host', hostForm(t, fields, inDays)), 201);
}
const statusOf = async (id: number) =>
  (
    await t.db
      .select({ status: tournaments.status, reason: tournaments.rejectionReason })
      .from(tournaments)
      .where(eq(tournaments.id, id))
  )[0];
const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'tournament'), eq(auditLog.targetId, String(id))));
const decisions = () => notificationsOf(t, host.id, [notificationKinds.hostedTournamentDecided]);

describe('D6 on every admin tournament call', () => {
  it('refuses guests (401), members and the foreign-domain admin (403), changing nothing', async () => {
    const pending = await submit();
    const calls: [string, string, unknown][] = [
      ['GET', '/api/admin/pending-tournaments', undefined],
      ['PATCH', `/api/admin/tournaments/${pending.id}/approve`, undefined],
      ['PATCH', `/api/admin/tournaments/${pending.id}/reject`, { reason: 'No venue' }],
      ['GET', '/api/admin/tournaments', undefined],
      ['POST', '/api/admin/tournaments', hostForm(t)],
      ['PATCH', `/api/admin/tournaments/${pending.id}`, hostForm(t)],
    ];
    const outsiders = [await member(t), host, await member(t, { role: 'owner' }), await foreignAdmin(t)];
    for (const [method, path, body] of calls) {
      const guest = await t.request(path, {
        method,
        ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(guest.status, `${method} ${path}`).toBe(401);
      for (const who of outsiders) {
        const res = await who.agent.request(path, {
          method,
          ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    }
    expect(await statusOf(pending.id)).toEqual({ status: 'pending', reason: null });
    expect(await t.db.select().from(tournaments)).toHaveLength(1);
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });
});

describe('GET /api/admin/pending-tournaments', () => {
  it('lists every field of 001 s2 with the host, soonest start first, and nothing already decided', async () => {
    const later = await submit({ title: 'Later Cup' }, 30);
    const sooner = await submit({ title: 'Sooner Cup' }, 10);
    await t.db
      .insert(tournaments)
      .values({ title: 'Listed Cup', startDate: new Date(t.now().getTime() + DAY), status: 'upcoming' });
    const list = await json<HostedTournament[]>(await admin.agent.get('/api/admin/pending-tournaments'));
    expect(list.map((x) => x.id)).toEqual([sooner.id, later.id]);
    const [first] = await t.db.select().from(tournaments).where(eq(tournaments.id, sooner.id));
    expect(list[0]).toMatchObject({
      id: sooner.id,
      title: 'Sooner Cup',
      sport: 'pickleball',
      format: 'swiss',
      division: 'open',
      buyIn: 25,
      maxPlayers: 16,
      description: hostForm(t).description,
      venueName: 'Southside Park',
      venueAddress: '123 Court Street, Atlanta, GA 30310',
      startDate: first!.startDate.toISOString(),
      rules: hostForm(t).rules,
      prizeDistribution: { winner: 30, charity: 15, wta: 55 },
      flyerUrl: 'https://example.com/flyer.jpg',
      host: { id: host.id, firstName: 'Pat', isVerified: true },
    });

    const plan = await t.client.execute(
      `explain query plan select id from tournaments where status = 'pending' order by start_date, id limit 101`,
    );
    expect(plan.rows.map((r) => String(r.detail)).join('\n')).toMatch(/tournaments_status_start_idx/);
  });
});

describe('PATCH /api/admin/tournaments/{id}/approve', () => {
  it('lists the tournament as upcoming, notifies the host once and writes the audit log', async () => {
    const pending = await submit();
    const approved = await json<HostedTournament>(
      await admin.agent.patch(`/api/admin/tournaments/${pending.id}/approve`),
    );
    expect(approved.status).toBe('upcoming');
    const listed = await json<Tournament[]>(await t.request('/api/tournaments'));
    expect(listed.map((x) => x.id)).toEqual([pending.id]);
    expect(await json<Tournament>(await t.request(`/api/tournaments/${pending.id}`))).toMatchObject({
      status: 'upcoming',
      hostId: host.id,
      hostSplits: { winner: 30, charity: 15, wta: 55 },
    });
    expect(await decisions()).toMatchObject([
      { title: 'Tournament Approved', link: `/tournaments/${pending.id}`, read: false },
    ]);
    expect(await auditOf(pending.id)).toMatchObject([
      {
        actorId: admin.id,
        action: 'tournament.approve',
        before: '{"status":"pending"}',
        after: '{"status":"upcoming"}',
      },
    ]);
    // The host's submission shows its new status.
    const mine = await json<HostedTournamentPage>(await host.agent.get('/api/tournaments/hosted/mine'));
    expect(mine.tournaments[0]).toMatchObject({ id: pending.id, status: 'upcoming' });
  });

  it('gives one approval when admins approve at once; the others are told it was already reviewed', async () => {
    const pending = await submit();
    const other = await leagueAdmin(t, 'other');
    const answers = await Promise.all(
      [admin, other, admin, other].map((a) => a.agent.patch(`/api/admin/tournaments/${pending.id}/approve`)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await answers.find((r) => r.status === 409)!.json()).toEqual({ message: T.notPending });
    expect(await auditOf(pending.id)).toHaveLength(1);
    expect(await decisions()).toHaveLength(1);
  });

  it('refuses with a message once the start has passed, changing nothing', async () => {
    const pending = await submit({}, 2);
    t.advance(2 * DAY);
    const res = await admin.agent.patch(`/api/admin/tournaments/${pending.id}/approve`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: T.startPassed });
    expect(await statusOf(pending.id)).toEqual({ status: 'pending', reason: null });
    expect(await auditOf(pending.id)).toEqual([]);
    expect(await decisions()).toEqual([]);
  });

  it('answers 404 for no such tournament and 409 for one that is not pending', async () => {
    expect((await admin.agent.patch('/api/admin/tournaments/999/approve')).status).toBe(404);
    expect((await admin.agent.patch('/api/admin/tournaments/abc/approve')).status).toBe(404);
    const [listed] = await t.db
      .insert(tournaments)
      .values({ title: 'Listed Cup', startDate: new Date(t.now().getTime() + DAY), status: 'upcoming' })
      .returning();
    expect((await admin.agent.patch(`/api/admin/tournaments/${listed!.id}/approve`)).status).toBe(409);
    expect((await admin.agent.patch(`/api/admin/tournaments/${listed!.id}/reject`, { reason: 'x' })).status).toBe(409);
  });
});

describe('PATCH /api/admin/tournaments/{id}/reject', () => {
  it.each([[{}], [{ reason: '' }], [{ reason: '   \n ' }], [{ reason: 42 }]])(
    'requires a reason (%j): 400 with the message of 001 s5, nothing changes',
    async (body) => {
      const pending = await submit();
      const res = await admin.agent.patch(`/api/admin/tournaments/${pending.id}/reject`, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(REASON_REQUIRED_TEXT);
      expect(await statusOf(pending.id)).toEqual({ status: 'pending', reason: null });
      expect(await decisions()).toEqual([]);
    },
  );

  it('stores the trimmed reason, keeps the tournament unlisted, tells the host why and writes the audit log', async () => {
    const pending = await submit();
    const rejected = await json<HostedTournament>(
      await admin.agent.patch(`/api/admin/tournaments/${pending.id}/reject`, {
        reason: '  The venue address is incomplete. ',
      }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'The venue address is incomplete.' });
    expect(await json<Tournament[]>(await t.request('/api/tournaments'))).toEqual([]);
    expect((await t.request(`/api/tournaments/${pending.id}`)).status).toBe(404);
    const [notice] = await decisions();
    expect(notice).toMatchObject({ title: 'Tournament Not Approved', link: '/dashboard' });
    expect(notice!.body).toContain('The venue address is incomplete.');
    expect(await auditOf(pending.id)).toMatchObject([
      {
        actorId: admin.id,
        action: 'tournament.reject',
        before: '{"status":"pending"}',
        after: '{"status":"rejected","reason":"The venue address is incomplete."}',
      },
    ]);
    const mine = await json<HostedTournamentPage>(await host.agent.get('/api/tournaments/hosted/mine'));
    expect(mine.tournaments[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The venue address is incomplete.',
    });
    // Decided once: approving it now is refused.
    expect((await admin.agent.patch(`/api/admin/tournaments/${pending.id}/approve`)).status).toBe(409);
  });
});
