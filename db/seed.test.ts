import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalDatabase } from './local.ts';
import {
  messages,
  notifications,
  teamInvites,
  teamMembers,
  teams,
  tournamentRegistrations,
  tournaments,
  transferRequests,
  users,
  waiverSignatures,
  waivers,
} from './schema/index.ts';
import { DEMO_PASSWORD, seedDemoData } from './seed.ts';
import { storedWaiverHash, waiverContentHash } from './waiver-hash.ts';
import { waiverKeyId, waiverSignatureMatches } from './waiver-signature.ts';

const NOW = new Date('2026-03-10T14:25:00Z');
const HOUR = 60 * 60 * 1000;
// The real scrypt costs ~0.5 s; the seed only needs something that marks the hash.
const fakeHash = async (password: string) => `fake$${password}`;
const SIGNING_KEY = 'seed-test-waiver-signing-key-0123456789abcdef';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

async function freshDb() {
  const dir = mkdtempSync(join(tmpdir(), 'wta-seed-'));
  const { client, db } = await openLocalDatabase(`file:${join(dir, 'seed.db')}`);
  cleanups.push(() => {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return db;
}

async function userByEmail(db: Awaited<ReturnType<typeof freshDb>>, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`${email} was not seeded`);
  return user;
}

describe('seedDemoData', () => {
  it('seeds an empty database once and leaves it alone afterwards', async () => {
    const db = await freshDb();
    const first = await seedDemoData(db, { now: NOW, hashPassword: fakeHash, includeDemoAccounts: true, waiverSigningKey: SIGNING_KEY });
    expect(first.seeded).toBe(true);
    const [before] = await db.select({ n: count() }).from(users);

    const second = await seedDemoData(db, { now: NOW, hashPassword: fakeHash, includeDemoAccounts: true, waiverSigningKey: SIGNING_KEY });
    expect(second.seeded).toBe(false);
    const [after] = await db.select({ n: count() }).from(users);
    expect(after!.n).toBe(before!.n);
  });

  it('creates the D18 demo accounts with the demo password and their roles', async () => {
    const db = await freshDb();
    await seedDemoData(db, { now: NOW, hashPassword: fakeHash, includeDemoAccounts: true, waiverSigningKey: SIGNING_KEY });
    const expected = {
      'superadmin@wta.local': 'super_admin',
      'admin@wta.local': 'admin',
      'admin@other-league.example': 'admin',
      'verified@wta.local': 'player',
      'player@wta.local': 'player',
      'owner@wta.local': 'owner',
      'fan@wta.local': 'fan',
    } as const;
    for (const [email, role] of Object.entries(expected)) {
      const user = await userByEmail(db, email);
      expect(user.role).toBe(role);
      expect(user.passwordHash).toBe(`fake$${DEMO_PASSWORD}`);
      expect(user.profileCompletedAt).not.toBeNull();
    }
    expect((await userByEmail(db, 'verified@wta.local')).isVerified).toBe(true);
    expect((await userByEmail(db, 'player@wta.local')).isVerified).toBe(false);
    // Everyone else is a seeded member without a password.
    const [withPassword] = await db
      .select({ n: count() })
      .from(users)
      .where(eq(users.passwordHash, `fake$${DEMO_PASSWORD}`));
    expect(withPassword!.n).toBe(7);
  });

  it('gives verified@ a signed waiver with a matching content hash, and player@ neither waiver nor registration', async () => {
    const db = await freshDb();
    await seedDemoData(db, { now: NOW, hashPassword: fakeHash, includeDemoAccounts: true, waiverSigningKey: SIGNING_KEY });
    const verified = await userByEmail(db, 'verified@wta.local');
    const player = await userByEmail(db, 'player@wta.local');

    const [waiver] = await db.select().from(waivers).where(eq(waivers.userId, verified.id));
    expect(waiver).toMatchObject({ textVersion: '2025-01', ipAddress: '127.0.0.1', type: 'liability' });
    expect(waiver!.signatureData).toMatch(/^data:image\/png;base64,/);
    const { id: _id, contentHash, ...record } = waiver!;
    expect(waiverContentHash(record)).toBe(contentHash);

    expect(await db.select().from(waivers).where(eq(waivers.userId, player.id))).toHaveLength(0);
    expect(
      await db.select().from(tournamentRegistrations).where(eq(tournamentRegistrations.userId, player.id)),
    ).toHaveLength(0);

    const upcomingOfVerified = await db
      .select({ id: tournaments.id })
      .from(tournamentRegistrations)
      .innerJoin(tournaments, eq(tournaments.id, tournamentRegistrations.tournamentId))
      .where(and(eq(tournamentRegistrations.userId, verified.id), eq(tournaments.status, 'upcoming')));
    expect(upcomingOfVerified.length).toBeGreaterThan(0);
  });

  it('signs every demo waiver with the signing key, in the same transaction as the waivers (D8)', async () => {
    const db = await freshDb();
    await seedDemoData(db, { now: NOW, hashPassword: fakeHash, includeDemoAccounts: true, waiverSigningKey: SIGNING_KEY });
    const rows = await db
      .select({ waiver: waivers, signature: waiverSignatures })
      .from(waivers)
      .leftJoin(waiverSignatures, eq(waiverSignatures.waiverId, waivers.id));
    expect(rows.length).toBeGreaterThan(5);
    for (const { waiver, signature } of rows) {
      expect(storedWaiverHash(waiver)).toBe(waiver.contentHash);
      expect(signature).toMatchObject({ keyId: waiverKeyId(SIGNING_KEY), algorithm: 'HMAC-SHA256', createdAt: NOW });
      expect(waiverSignatureMatches(SIGNING_KEY, waiver, signature!.signature)).toBe(true);
      expect(waiverSignatureMatches('another-key-of-at-least-32-characters!!', waiver, signature!.signature)).toBe(false);
    }
  });

  it('places tournaments in every state relative to now, within capacity', async () => {
    const db = await freshDb();
    await seedDemoData(db, { now: NOW, hashPassword: fakeHash, includeDemoAccounts: true, waiverSigningKey: SIGNING_KEY });
    const all = await db.select().from(tournaments);
    const byStatus = (s: string) => all.filter((t) => t.status === s);

    const upcoming = byStatus('upcoming');
    expect(upcoming.every((t) => t.startDate > NOW)).toBe(true);
    const inEarlyWindow = upcoming.filter((t) => t.startDate.getTime() - NOW.getTime() <= 24 * HOUR);
    // The early window's one tournament without check-in, and D39's two inside their check-in window (2 hours out).
    expect(inEarlyWindow.filter((t) => !t.checkIn)).toHaveLength(1);
    const checkingIn = inEarlyWindow.filter((t) => t.checkIn);
    expect(checkingIn).toHaveLength(2);
    for (const t of checkingIn) {
      const until = t.startDate.getTime() - NOW.getTime();
      expect(until > 30 * 60 * 1000 && until <= 2 * HOUR, t.title).toBe(true);
    }

    const live = byStatus('live');
    expect(live).toHaveLength(1);
    expect(live[0]!.startDate < NOW).toBe(true);

    const completed = byStatus('completed');
    expect(completed.length).toBeGreaterThanOrEqual(3);
    // A team tournament's champion is a team (D22).
    expect(completed.every((t) => (t.maxTeams === null ? t.championId : t.championTeamId) && t.endDate! < NOW)).toBe(true);
    expect(completed.some((t) => t.maxTeams !== null) && upcoming.some((t) => t.maxTeams !== null)).toBe(true);
    expect(byStatus('pending').length).toBeGreaterThanOrEqual(1);
    expect(byStatus('rejected').every((t) => t.rejectionReason)).toBe(true);
    expect(new Set(all.map((t) => t.division)).size).toBe(8);

    for (const t of all) {
      const [regs] = await db
        .select({ n: count() })
        .from(tournamentRegistrations)
        .where(eq(tournamentRegistrations.tournamentId, t.id));
      expect(regs!.n).toBeLessThanOrEqual(t.maxTeams ?? t.maxPlayers!);
    }
  });

  it("points every tournament at its division's flyer, a small image that ships with the app", async () => {
    const db = await freshDb();
    await seedDemoData(db, { now: NOW, hashPassword: fakeHash, includeDemoAccounts: true, waiverSigningKey: SIGNING_KEY });
    const all = await db.select({ division: tournaments.division, flyerUrl: tournaments.flyerUrl }).from(tournaments);
    expect(all.length).toBeGreaterThan(0);
    for (const t of all) {
      expect(t.flyerUrl).toBe(`/media/flyers/${t.division}.webp`);
      // public/ is copied to the root of the built app, where both hosts serve it.
      const file = resolve(import.meta.dirname, '../public', t.flyerUrl!.slice(1));
      expect(existsSync(file), file).toBe(true);
      expect(statSync(file).size).toBeLessThan(40 * 1024);
    }
    expect(new Set(all.map((t) => t.flyerUrl)).size).toBe(8);
  });

  it('leaves unread messages for player@ and verified@', async () => {
    const db = await freshDb();
    await seedDemoData(db, { now: NOW, hashPassword: fakeHash, includeDemoAccounts: true, waiverSigningKey: SIGNING_KEY });
    for (const email of ['player@wta.local', 'verified@wta.local']) {
      const user = await userByEmail(db, email);
      const [unread] = await db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.recipientId, user.id), isNull(messages.readAt)));
      expect(unread!.n).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives free agency and the transfer portal something real: free agents, an open invite, pending transfers', async () => {
    const db = await freshDb();
    await seedDemoData(db, { now: NOW, hashPassword: fakeHash, includeDemoAccounts: true, waiverSigningKey: SIGNING_KEY });
    const player = await userByEmail(db, 'player@wta.local');
    const [heat] = await db.select().from(teams).where(eq(teams.name, 'Atlanta Heat Check'));
    const [invite] = await db.select().from(teamInvites).where(eq(teamInvites.userId, player.id));
    expect(invite).toMatchObject({ teamId: heat!.id, status: 'pending' });
    expect(invite!.expiresAt.getTime()).toBeGreaterThan(NOW.getTime());
    const [note] = await db.select().from(notifications).where(eq(notifications.id, invite!.notificationId!));
    expect(note).toMatchObject({ userId: player.id, kind: 'team_invite', link: `/teams/${heat!.id}`, read: false });

    // Both pending requests are owner@'s to decide (D37), and each player is still on the team they would leave.
    const pending = await db.select().from(transferRequests).where(eq(transferRequests.status, 'pending'));
    expect(pending.map((r) => r.deciderTeamId)).toEqual([heat!.id, heat!.id]);
    for (const request of pending) {
      const [row] = await db.select().from(teamMembers).where(eq(teamMembers.userId, request.userId));
      expect(row!.teamId).toBe(request.fromTeamId);
    }
    // Free agents: players on no roster, player@ among them.
    const rostered = new Set((await db.select().from(teamMembers)).map((m) => m.userId));
    const free = (await db.select().from(users).where(eq(users.role, 'player'))).filter((u) => !rostered.has(u.id));
    expect(free.length).toBeGreaterThanOrEqual(10);
    expect(free.map((u) => u.id)).toContain(player.id);
  });

  it('seeds no account with a known password when demo accounts are excluded', async () => {
    const db = await freshDb();
    let hashed = 0;
    const result = await seedDemoData(db, {
      now: NOW,
      hashPassword: async (pw) => (hashed++, fakeHash(pw)),
      includeDemoAccounts: false,
      waiverSigningKey: SIGNING_KEY,
    });
    expect(result.seeded).toBe(true);
    expect(hashed).toBe(0);
    const withPassword = await db
      .select()
      .from(users)
      .where(eq(users.passwordHash, `fake$${DEMO_PASSWORD}`));
    expect(withPassword).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.email, 'verified@wta.local'))).toHaveLength(0);
    // owner@'s team is not seeded, so neither is anything that belongs to it.
    expect(await db.select().from(teamInvites)).toEqual([]);
    expect(await db.select().from(transferRequests)).toHaveLength(0);
  });
});
