import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refunds } from '../../../db/schema/competition.ts';
import { doorCheckIns } from '../../../db/schema/door.ts';
import { payments, tickets } from '../../../db/schema/payments.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import { DOOR_MESSAGES as M, ticketCodeHash, type DoorConflict, type DoorTicket, type DoorVerdict } from './schema.ts';
import { doorTicketPage } from './service.ts';

// The door (D26) through the real API on a migrated database: who may run a door, the list it keeps (hashes, never
// codes), check-ins that keep the first use under replays and races, and the conflicts of two offline doors.

const NOW = new Date('2026-11-21T12:00:00Z');
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function signedIn(role: 'admin' | 'player' = 'player', email?: string) {
  const member = await t.member(email ? { email } : {});
  if (role !== 'player') await t.db.update(users).set({ role }).where(eq(users.id, member.id));
  return member;
}

async function addTournament(hostId: string | null = null, status: 'upcoming' | 'live' | 'completed' = 'upcoming') {
  const [row] = await t.db
    .insert(tournaments)
    .values({
      title: `Door Night ${randomUUID().slice(0, 6)}`,
      startDate: new Date(NOW.getTime() + 86_400_000),
      hostId,
      status,
      createdAt: NOW,
    })
    .returning({ id: tournaments.id });
  return row!.id;
}

/** A paid ticket of `tournamentId` for a new holder named `firstName`; returns its code. */
async function addTicket(
  tournamentId: number,
  firstName = 'Jordan',
  tier: 'general' | 'supporter' | 'media_pass' = 'general',
) {
  const holder = randomUUID();
  await t.db
    .insert(users)
    .values({ id: holder, email: `${holder}@example.test`, firstName, lastName: 'Holder', role: 'fan' });
  const [payment] = await t.db
    .insert(payments)
    .values({
      kind: 'ticket',
      amountCents: 1000,
      status: 'paid',
      provider: 'test',
      providerSessionId: `test_cs_${randomUUID()}`,
      checkoutUrl: '/checkout/test',
      userId: holder,
      tournamentId,
      tier,
      createdAt: NOW,
      expiresAt: NOW,
      paidAt: NOW,
    })
    .returning({ id: payments.id });
  const code = randomBytes(20)
    .toString('hex')
    .slice(0, 32)
    .replace(/[0189]/g, 'a');
  await t.db
    .insert(tickets)
    .values({ code, paymentId: payment!.id, tournamentId, userId: holder, tier, createdAt: NOW });
  return code;
}

const checkIn = (agent: TestAgent, tournamentId: number, body: object, key: string | null = randomUUID()) =>
  agent.post(
    `/api/door/tournaments/${tournamentId}/check-ins`,
    body,
    key ? { headers: { 'Idempotency-Key': key } } : {},
  );

const verdict = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json()) as DoorVerdict;
};

describe('who runs a door (D6, D26)', () => {
  it('refuses guests (401), a member who is neither admin nor host, a host of another tournament and a foreign-domain admin (403), changing nothing', async () => {
    const host = await signedIn();
    const otherHost = await signedIn();
    const id = await addTournament(host.id);
    await addTournament(otherHost.id);
    const code = await addTicket(id);
    const stranger = await signedIn();
    const foreignAdmin = await signedIn('admin', `boss-${randomUUID().slice(0, 6)}@other-league.example`);

    expect((await t.request(`/api/door/tournaments/${id}/tickets`)).status).toBe(401);
    expect((await t.request('/api/door/tournaments')).status).toBe(401);
    expect(
      (
        await t.request(`/api/door/tournaments/${id}/check-ins`, {
          method: 'POST',
          body: JSON.stringify({ code }),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(401);
    expect((await t.request('/api/door/conflicts')).status).toBe(401);

    for (const member of [stranger, otherHost, foreignAdmin]) {
      const list = await member.agent.get(`/api/door/tournaments/${id}/tickets`);
      expect(list.status).toBe(403);
      expect(await list.json()).toEqual({ message: M.forbidden });
      const res = await checkIn(member.agent, id, { code });
      expect(res.status).toBe(403);
      expect((await member.agent.get('/api/door/conflicts')).status).toBe(403);
    }
    // A member who hosts nothing has no door at all; the other host has only their own.
    expect(await (await stranger.agent.get('/api/door/tournaments')).json()).toEqual({ message: M.noDoor });
    const theirs = (await (await otherHost.agent.get('/api/door/tournaments')).json()) as { id: number }[];
    expect(theirs.map((x) => x.id)).not.toContain(id);
    // The host is not an admin: no conflict list.
    expect((await host.agent.get('/api/door/conflicts')).status).toBe(403);

    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.code, code));
    expect(ticket!.usedAt).toBeNull();
    expect(await t.db.select().from(doorCheckIns)).toEqual([]);
  });

  it('lists open tournaments: every one for an admin, their own for a host', async () => {
    const host = await signedIn();
    const admin = await signedIn('admin', `door-${randomUUID().slice(0, 6)}@wta.local`);
    const mine = await addTournament(host.id, 'live');
    const other = await addTournament(null);
    await addTournament(host.id, 'completed');
    const ids = async (agent: TestAgent) =>
      ((await (await agent.get('/api/door/tournaments')).json()) as { id: number }[]).map((x) => x.id);
    expect(await ids(host.agent)).toEqual([mine]);
    expect((await ids(admin.agent)).sort()).toEqual([mine, other].sort());
  });
});

describe('the door list', () => {
  it('holds code hashes, tier, first name and use, never a plain code, and pages by cursor', async () => {
    const host = await signedIn();
    const id = await addTournament(host.id);
    const codes = [
      await addTicket(id, 'Ava', 'supporter'),
      await addTicket(id, 'Ben'),
      await addTicket(id, 'Cy', 'media_pass'),
    ];
    await addTicket(await addTournament(null), 'Elsewhere');

    const res = await host.agent.get(`/api/door/tournaments/${id}/tickets`);
    expect(res.status).toBe(200);
    const text = await res.text();
    for (const code of codes) expect(text).not.toContain(code);
    const list = JSON.parse(text) as DoorTicket[];
    expect(list).toEqual([
      {
        codeHash: await ticketCodeHash(codes[0]!),
        tier: 'supporter',
        tierName: 'Supporter Pass',
        firstName: 'Ava',
        usedAt: null,
      },
      {
        codeHash: await ticketCodeHash(codes[1]!),
        tier: 'general',
        tierName: 'General Admission',
        firstName: 'Ben',
        usedAt: null,
      },
      {
        codeHash: await ticketCodeHash(codes[2]!),
        tier: 'media_pass',
        tierName: 'Media Pass',
        firstName: 'Cy',
        usedAt: null,
      },
    ]);
    // The device hashes what it scans the same way, whatever the case and spacing of a typed code.
    expect(await ticketCodeHash(` ${codes[0]!.toUpperCase().slice(0, 8)}-${codes[0]!.slice(8)} `)).toBe(
      list[0]!.codeHash,
    );

    // Pages: two then one, the cursor in X-Next-Cursor.
    const first = await doorTicketPage(t.db, id, null, 2);
    expect(first.tickets).toHaveLength(2);
    const second = await doorTicketPage(t.db, id, first.lastId, 2);
    expect(second).toMatchObject({ tickets: [{ firstName: 'Cy' }], lastId: null });
    expect(res.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
    expect((await host.agent.get(`/api/door/tournaments/${id}/tickets?cursor=!!`)).status).toBe(400);
  });

  it('is read from tickets_tournament_idx', async () => {
    const plan = await t.client.execute({
      sql: 'EXPLAIN QUERY PLAN SELECT id FROM tickets WHERE tournament_id = ? AND id > ? ORDER BY id LIMIT 501',
      args: [1, 0],
    });
    expect(plan.rows.map((r) => String(r.detail)).join('\n')).toMatch(/tickets_tournament_idx/);
    const conflicts = await t.client.execute(
      "EXPLAIN QUERY PLAN SELECT id FROM door_check_ins WHERE outcome = 'conflict' ORDER BY id DESC LIMIT 51",
    );
    expect(conflicts.rows.map((r) => String(r.detail)).join('\n')).toMatch(/door_check_ins_outcome_idx/);
  });
});

describe('check-in', () => {
  it('answers valid with tier and first name, then already used with when; the first use is kept', async () => {
    const host = await signedIn();
    const id = await addTournament(host.id);
    const code = await addTicket(id, 'Maya', 'supporter');

    const first = await verdict(await checkIn(host.agent, id, { code: code.toUpperCase() }));
    expect(first).toEqual({
      status: 'valid',
      ticket: { tier: 'supporter', tierName: 'Supporter Pass', firstName: 'Maya', usedAt: NOW.toISOString() },
      conflict: false,
    });
    t.advance(60_000);
    const again = await verdict(await checkIn(host.agent, id, { code }));
    expect(again).toMatchObject({ status: 'used', ticket: { usedAt: NOW.toISOString() }, conflict: false });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.code, code));
    expect(row).toMatchObject({ usedAt: NOW, usedBy: host.id });
    // An online "already used" is an answer, not an event: one row, the admission.
    expect(await t.db.select({ outcome: doorCheckIns.outcome }).from(doorCheckIns)).toEqual([{ outcome: 'admitted' }]);
  });

  it('answers invalid for an unknown code and for a ticket of another tournament', async () => {
    const host = await signedIn();
    const id = await addTournament(host.id);
    const elsewhere = await addTicket(await addTournament(host.id));
    expect(await verdict(await checkIn(host.agent, id, { code: 'a'.repeat(32) }))).toEqual({
      status: 'invalid',
      ticket: null,
      conflict: false,
    });
    expect((await verdict(await checkIn(host.agent, id, { code: elsewhere }))).status).toBe('invalid');
    const bad = await checkIn(host.agent, id, { code: '   ' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: M.codeRequired });
    expect((await checkIn(host.agent, id, { code: 'x'.repeat(65) })).status).toBe(400);
  });

  it('answers invalid for a refunded ticket, which also leaves the door list (D24, D33)', async () => {
    const host = await signedIn();
    const id = await addTournament(host.id);
    const code = await addTicket(id, 'Refunded');
    await addTicket(id, 'Kept');
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.code, code));
    await t.db.insert(refunds).values({
      paymentId: ticket!.paymentId,
      tournamentId: id,
      amountCents: 1000,
      status: 'succeeded',
      reason: 'Refunded by an admin: goodwill',
      attempts: 1,
      createdAt: NOW,
    });
    expect(await verdict(await checkIn(host.agent, id, { code }))).toEqual({
      status: 'invalid',
      ticket: null,
      conflict: false,
    });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.code, code));
    expect(row!.usedAt).toBeNull();
    const page = await doorTicketPage(t.db, id, null);
    expect(page.tickets.map((x) => x.firstName)).toEqual(['Kept']);
    const plan = await t.client.execute({
      sql: `EXPLAIN QUERY PLAN SELECT id FROM tickets WHERE tournament_id = ? AND id > ? AND NOT EXISTS
        (SELECT 1 FROM refunds WHERE refunds.payment_id = tickets.payment_id) ORDER BY id LIMIT 501`,
      args: [1, 0],
    });
    const detail = plan.rows.map((r) => String(r.detail)).join('\n');
    expect(detail).toMatch(/tickets_tournament_idx/);
    expect(detail).not.toMatch(/SCAN refunds/);
  });

  it('replays an Idempotency-Key with the first answer (valid), changing nothing', async () => {
    const admin = await signedIn('admin', `door-${randomUUID().slice(0, 6)}@wta.local`);
    const id = await addTournament(null);
    const code = await addTicket(id, 'Rae');
    const key = randomUUID();
    const first = await verdict(await checkIn(admin.agent, id, { code }, key));
    t.advance(5_000);
    const replay = await checkIn(admin.agent, id, { code }, key);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await verdict(replay)).toEqual(first);
    expect(first.status).toBe('valid');
    expect(await t.db.select().from(doorCheckIns)).toHaveLength(1);
  });

  it('lets exactly one of many concurrent check-ins of one ticket win; the others answer already used', async () => {
    const admin = await signedIn('admin', `door-${randomUUID().slice(0, 6)}@wta.local`);
    const host = await signedIn();
    const id = await addTournament(host.id);
    const code = await addTicket(id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => checkIn(i % 2 ? admin.agent : host.agent, id, { code }).then(verdict)),
    );
    expect(answers.filter((a) => a.status === 'valid')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'used')).toHaveLength(7);
    expect(await t.db.select().from(doorCheckIns)).toHaveLength(1);
  });
});

describe('two doors offline (D26)', () => {
  it('keeps the first use and records the second door admission as a conflict admins see', async () => {
    const admin = await signedIn('admin', `door-${randomUUID().slice(0, 6)}@wta.local`);
    const host = await signedIn();
    const id = await addTournament(host.id);
    const code = await addTicket(id, 'Noor', 'media_pass');
    const scannedAtA = new Date(NOW.getTime() - 10 * 60_000).toISOString();
    const scannedAtB = new Date(NOW.getTime() - 5 * 60_000).toISOString();

    // Both doors admitted Noor on their saved lists; door A syncs first.
    const a = await verdict(await checkIn(host.agent, id, { code, offline: true, scannedAt: scannedAtA }));
    expect(a).toMatchObject({ status: 'valid', ticket: { usedAt: scannedAtA }, conflict: false });
    t.advance(60_000);
    const b = await verdict(await checkIn(admin.agent, id, { code, offline: true, scannedAt: scannedAtB }));
    expect(b).toMatchObject({ status: 'used', ticket: { usedAt: scannedAtA }, conflict: true });

    const res = await admin.agent.get('/api/door/conflicts');
    expect(res.status).toBe(200);
    const [conflict, ...rest] = (await res.json()) as DoorConflict[];
    expect(rest).toEqual([]);
    const [hostRow] = await t.db.select().from(users).where(eq(users.id, host.id));
    const [adminRow] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(conflict).toMatchObject({
      tournamentId: id,
      tier: 'media_pass',
      tierName: 'Media Pass',
      firstName: 'Noor',
      firstUsedAt: scannedAtA,
      firstCheckedBy: `${hostRow!.firstName} ${hostRow!.lastName}`,
      scannedAt: scannedAtB,
      checkedBy: `${adminRow!.firstName} ${adminRow!.lastName}`,
      receivedAt: new Date(NOW.getTime() + 60_000).toISOString(),
    });
    // Filtered to one tournament, and empty for another.
    expect(await (await admin.agent.get(`/api/door/conflicts?tournamentId=${id}`)).json()).toHaveLength(1);
    expect(await (await admin.agent.get(`/api/door/conflicts?tournamentId=${id + 1}`)).json()).toEqual([]);
  });

  it("is no conflict when a door's own online attempt got through and its answer was lost (replaces)", async () => {
    const host = await signedIn();
    const id = await addTournament(host.id);
    const code = await addTicket(id);
    const online = randomUUID();
    await verdict(await checkIn(host.agent, id, { code }, online));
    const retried = await verdict(await checkIn(host.agent, id, { code, offline: true, replaces: online }));
    expect(retried).toMatchObject({ status: 'valid', conflict: false });
    expect(await t.db.select({ outcome: doorCheckIns.outcome }).from(doorCheckIns)).toEqual([{ outcome: 'admitted' }]);
  });

  it('never dates a use later than the server heard of it (a device clock running ahead)', async () => {
    const host = await signedIn();
    const id = await addTournament(host.id);
    const code = await addTicket(id);
    const ahead = new Date(NOW.getTime() + 3_600_000).toISOString();
    const v = await verdict(await checkIn(host.agent, id, { code, offline: true, scannedAt: ahead }));
    expect(v.ticket!.usedAt).toBe(NOW.toISOString());
  });
});

describe('the headers a door needs', () => {
  it('allow this origin’s camera and WebAssembly, and still no JavaScript eval', async () => {
    const res = await t.request('/api/door/tournaments');
    expect(res.headers.get('permissions-policy')).toContain('camera=(self)');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    expect(csp).not.toMatch(/'unsafe-eval'/);
  });
});
