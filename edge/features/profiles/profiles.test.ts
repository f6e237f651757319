import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { follows } from '../../../db/schema/follows.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments, type TournamentStatus } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { member, type Member } from '../payments/test-helpers.ts';
import { TOURNAMENT_HISTORY_LIMIT, type PlayerProfile, type TeamProfile } from './schema.ts';
import { historyQuery } from './service.ts';

// GET /api/players/{id}/profile and GET /api/teams/{id}/profile (001 s3, s7) against a real migrated database:
// every public field, nothing private, D36 for guests, D29 embeds, and the follower count and viewer's state (D31).

const NOW = new Date('2026-11-21T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function profileOf(id: string, who?: Member): Promise<PlayerProfile> {
  const res = who ? await who.agent.get(`/api/players/${id}/profile`) : await t.request(`/api/players/${id}/profile`);
  expect(res.status).toBe(200);
  return (await res.json()) as PlayerProfile;
}

async function teamOf(id: number, who?: Member): Promise<TeamProfile> {
  const res = who ? await who.agent.get(`/api/teams/${id}/profile`) : await t.request(`/api/teams/${id}/profile`);
  expect(res.status).toBe(200);
  return (await res.json()) as TeamProfile;
}

async function setUser(id: string, fields: Partial<typeof users.$inferInsert>) {
  await t.db.update(users).set(fields).where(eq(users.id, id));
}

async function addTeam(ownerId: string, fields: Partial<typeof teams.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(teams)
    .values({ name: 'Atlanta Heat Check', ownerId, ...fields })
    .returning({ id: teams.id });
  return row!.id;
}

async function enter(userId: string, status: TournamentStatus, startsInDays: number, placement: number | null = null) {
  const startDate = new Date(NOW.getTime() + startsInDays * DAY);
  // A live or completed one was started (an hour early here) and a completed one completed (issue 34).
  const started = status === 'live' || status === 'completed';
  const [row] = await t.db
    .insert(tournaments)
    .values({
      title: `${status} ${startsInDays}`,
      status,
      startDate,
      startedAt: started ? new Date(startDate.getTime() - HOUR) : null,
      completedAt: status === 'completed' ? new Date(startDate.getTime() + 3 * HOUR) : null,
    })
    .returning({ id: tournaments.id });
  await t.db
    .insert(tournamentRegistrations)
    .values({ tournamentId: row!.id, userId, status: 'registered', placement, createdAt: NOW });
  return row!.id;
}

describe('GET /api/players/{id}/profile', () => {
  it('answers every public field of 001 s3 with winRate, team, history and highlights, and no private one', async () => {
    const player = await member(t);
    await setUser(player.id, {
      firstName: 'Jasmine',
      lastName: 'Carter',
      tagline: 'Buckets on buckets.',
      bio: 'Point guard from the west side.',
      city: 'Atlanta',
      state: 'GA',
      sport: 'basketball',
      height: `5'9"`,
      weight: 150,
      divisions: ['1v1 Basketball', 'Slap Division'],
      bestDivision: '1v1 Basketball',
      profileImageUrl: '/uploads/abc.jpg',
      isVerified: true,
      wtaPoints: 1240,
      wins: 38,
      losses: 12,
      gamesPlayed: 50,
      dateOfBirth: '1997-06-14',
      passwordHash: 'scrypt$secret',
      googleId: 'google-123',
      highlightUrls: ['https://youtu.be/dQw4w9WgXcQ', 'https://example.com/clip.mp4'],
    });
    const owner = await member(t, { role: 'owner' });
    const teamId = await addTeam(owner.id);
    await t.db.insert(teamMembers).values({ teamId, userId: player.id, joinedAt: NOW });

    const res = await t.request(`/api/players/${player.id}/profile`);
    const text = await res.clone().text();
    const profile = (await res.json()) as PlayerProfile;
    expect(profile).toEqual({
      id: player.id,
      firstName: 'Jasmine',
      lastName: 'Carter',
      role: 'player',
      isVerified: true,
      profileImageUrl: '/uploads/abc.jpg',
      tagline: 'Buckets on buckets.',
      bio: 'Point guard from the west side.',
      city: 'Atlanta',
      state: 'GA',
      sport: 'basketball',
      height: `5'9"`,
      weight: 150,
      divisions: ['1v1 Basketball', 'Slap Division'],
      bestDivision: '1v1 Basketball',
      wtaPoints: 1240,
      wins: 38,
      losses: 12,
      gamesPlayed: 50,
      winRate: 76,
      currentTeam: { id: teamId, name: 'Atlanta Heat Check' },
      tournamentHistory: [],
      highlightUrls: ['https://youtu.be/dQw4w9WgXcQ', 'https://example.com/clip.mp4'],
      highlights: [
        {
          url: 'https://youtu.be/dQw4w9WgXcQ',
          provider: 'youtube',
          embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        },
        { url: 'https://example.com/clip.mp4', provider: null, embedUrl: null },
      ],
      followerCount: 0,
      viewer: null,
      indexable: true,
    });
    // Private fields never leave the server, under any name.
    for (const secret of [player.email, '1997-06-14', 'scrypt$secret', 'google-123'])
      expect(text).not.toContain(secret);
    for (const key of ['email', 'dateOfBirth', 'passwordHash', 'googleId', 'profileCompletedAt', 'createdAt']) {
      expect(profile).not.toHaveProperty(key);
    }
  });

  it('winRate is 0 before the first game; a member with no profile details gets empty lists, not nulls', async () => {
    const player = await member(t);
    const profile = await profileOf(player.id);
    expect(profile.winRate).toBe(0);
    expect(profile.divisions).toEqual([]);
    expect(profile.highlightUrls).toEqual([]);
    expect(profile.currentTeam).toBeNull();
  });

  it('the current team of an owner without a roster spot is the first team they own', async () => {
    const owner = await member(t, { role: 'owner' });
    const first = await addTeam(owner.id, { name: 'First', createdAt: new Date(NOW.getTime() - 50 * DAY) });
    await addTeam(owner.id, { name: 'Second', createdAt: new Date(NOW.getTime() - 5 * DAY) });
    expect((await profileOf(owner.id)).currentTeam).toEqual({ id: first, name: 'First' });
  });

  it('lists the tournaments played, newest first, bounded, without pending, rejected, cancelled or unpaid ones', async () => {
    const player = await member(t);
    const done = await enter(player.id, 'completed', -30, 1);
    const live = await enter(player.id, 'live', 0);
    const next = await enter(player.id, 'upcoming', 10);
    const notInTopFour = await enter(player.id, 'completed', -60, null);
    for (const hidden of ['pending', 'rejected', 'cancelled'] as const) await enter(player.id, hidden, 5);
    const [unpaid] = await t.db
      .insert(tournaments)
      .values({ title: 'Unpaid', status: 'upcoming', startDate: new Date(NOW.getTime() + 3 * DAY) })
      .returning({ id: tournaments.id });
    await t.db
      .insert(tournamentRegistrations)
      .values({ tournamentId: unpaid!.id, userId: player.id, status: 'pending_payment', createdAt: NOW });

    const { tournamentHistory } = await profileOf(player.id);
    expect(tournamentHistory).toEqual([
      {
        id: next,
        name: 'upcoming 10',
        startDate: new Date(NOW.getTime() + 10 * DAY).toISOString(),
        startedAt: null,
        completedAt: null,
        status: 'upcoming',
        placement: null,
      },
      {
        id: live,
        name: 'live 0',
        startDate: NOW.toISOString(),
        startedAt: new Date(NOW.getTime() - HOUR).toISOString(),
        completedAt: null,
        status: 'live',
        placement: null,
      },
      {
        id: done,
        name: 'completed -30',
        startDate: new Date(NOW.getTime() - 30 * DAY).toISOString(),
        startedAt: new Date(NOW.getTime() - 30 * DAY - HOUR).toISOString(),
        completedAt: new Date(NOW.getTime() - 30 * DAY + 3 * HOUR).toISOString(),
        status: 'completed',
        placement: 1,
      },
      {
        id: notInTopFour,
        name: 'completed -60',
        startDate: new Date(NOW.getTime() - 60 * DAY).toISOString(),
        startedAt: new Date(NOW.getTime() - 60 * DAY - HOUR).toISOString(),
        completedAt: new Date(NOW.getTime() - 60 * DAY + 3 * HOUR).toISOString(),
        status: 'completed',
        placement: null,
      },
    ]);

    for (let i = 0; i < TOURNAMENT_HISTORY_LIMIT + 5; i++) await enter(player.id, 'completed', -100 - i, null);
    const long = (await profileOf(player.id)).tournamentHistory;
    expect(long).toHaveLength(TOURNAMENT_HISTORY_LIMIT);
    expect(long[0]!.id).toBe(next);
    const starts = long.map((h) => Date.parse(h.startDate));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
  });

  it('reads the history from the member’s registrations and each tournament by its key (no scan)', async () => {
    const rows = await t.db.all<{ detail: string }>(
      sql.raw(`EXPLAIN QUERY PLAN ${historyQuery(t.db, 'someone').toSQL().sql.replace(/\?/g, "'x'")}`),
    );
    const plan = rows.map((r) => r.detail).join('\n');
    expect(plan).toContain('MULTI-INDEX OR');
    expect(plan).toContain('SEARCH tournament_registrations USING INDEX registrations_user_idx (user_id=?)');
    // Team entries (D22): the member's roster rows by their index, then each registration by its key.
    expect(plan).toContain('SEARCH team_entry_members USING INDEX team_entry_members_user_idx (user_id=?)');
    expect(plan).toContain('SEARCH tournament_registrations USING INTEGER PRIMARY KEY (rowid=?)');
    expect(plan).toContain('SEARCH tournaments USING INTEGER PRIMARY KEY (rowid=?)');
    expect(plan).not.toMatch(/SCAN tournaments\b/);
    expect(plan).not.toMatch(/SCAN tournament_registrations\b/);
  });

  it('D36: a minor’s photo and city are hidden from guests only, and the profile is not indexable', async () => {
    const minor = await member(t);
    // 17 until tomorrow.
    await setUser(minor.id, { dateOfBirth: '2008-11-22', city: 'Decatur', profileImageUrl: '/uploads/kid.jpg' });
    const guestView = await profileOf(minor.id);
    expect(guestView).toMatchObject({ profileImageUrl: null, city: null, indexable: false });
    const text = await (await t.request(`/api/players/${minor.id}/profile`)).text();
    expect(text).not.toContain('Decatur');
    expect(text).not.toContain('/uploads/kid.jpg');

    const signedIn = await member(t, { role: 'fan' });
    expect(await profileOf(minor.id, signedIn)).toMatchObject({
      profileImageUrl: '/uploads/kid.jpg',
      city: 'Decatur',
      indexable: false,
    });

    // Eighteen today: an adult; no date of birth at all counts as an adult too.
    await setUser(minor.id, { dateOfBirth: '2008-11-21' });
    expect(await profileOf(minor.id)).toMatchObject({ city: 'Decatur', indexable: true });
    await setUser(minor.id, { dateOfBirth: null });
    expect(await profileOf(minor.id)).toMatchObject({ city: 'Decatur', indexable: true });
  });

  it('D29: only https YouTube, Twitch and Vimeo links are embedded, each with its privacy-enhanced player', async () => {
    const player = await member(t);
    await setUser(player.id, {
      highlightUrls: [
        'https://vimeo.com/76979871',
        'https://www.twitch.tv/videos/123456789',
        'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
        'javascript:alert(1)',
      ],
    });
    const res = await t.request(`/api/players/${player.id}/profile`);
    // The page may frame these players and nothing else (the CSP is the same on every answer).
    expect(res.headers.get('content-security-policy')).toContain(
      'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://player.twitch.tv https://clips.twitch.tv;',
    );
    const { highlights } = (await res.json()) as PlayerProfile;
    expect(highlights.map((h) => h.embedUrl)).toEqual([
      'https://player.vimeo.com/video/76979871?dnt=1',
      'https://player.twitch.tv/?video=v123456789&parent=localhost&autoplay=false',
      null,
      null,
    ]);
  });

  it('says who follows: the count for everyone, the viewer’s own state and whether it is their own profile', async () => {
    const player = await member(t);
    const fan = await member(t, { role: 'fan' });
    const other = await member(t);
    await t.db.insert(follows).values([
      { followerId: fan.id, playerId: player.id, createdAt: NOW },
      { followerId: other.id, playerId: player.id, createdAt: NOW },
    ]);
    expect(await profileOf(player.id)).toMatchObject({ followerCount: 2, viewer: null });
    expect(await profileOf(player.id, fan)).toMatchObject({
      followerCount: 2,
      viewer: { following: true, self: false },
    });
    expect(await profileOf(player.id, player)).toMatchObject({ viewer: { following: false, self: true } });
  });

  it('answers 404 "Player not found" for an unknown or malformed id, never a 500', async () => {
    for (const id of ['nobody-here', 'x'.repeat(65), '%27%20or%201%3D1', '..%2F..%2Fetc', '%00']) {
      const res = await t.request(`/api/players/${id}/profile`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Player not found' });
    }
  });
});

describe('GET /api/teams/{id}/profile', () => {
  it('answers every field of 001 s3 Team with the owner, the roster in order and winRate', async () => {
    const owner = await member(t, { role: 'owner', verified: true });
    await setUser(owner.id, { firstName: 'Olivia', lastName: 'Owens', dateOfBirth: '1980-01-01' });
    const teamId = await addTeam(owner.id, {
      tagline: 'Heat checks only.',
      motto: 'Shoot first.',
      logoUrl: '/uploads/logo.jpg',
      sport: 'basketball',
      city: 'Atlanta',
      wins: 24,
      losses: 8,
      tournamentsPlayed: 9,
      championshipWins: 3,
    });
    const [captain, coach, star, rookie] = [await member(t), await member(t), await member(t), await member(t)];
    await setUser(captain!.id, {
      firstName: 'Cap',
      lastName: 'Tain',
      wtaPoints: 10,
      city: 'Macon',
      wins: 3,
      gamesPlayed: 4,
    });
    await setUser(coach!.id, { firstName: 'Co', lastName: 'Ach', wtaPoints: 5 });
    await setUser(star!.id, {
      firstName: 'Star',
      lastName: 'Player',
      wtaPoints: 900,
      isVerified: true,
      profileImageUrl: '/uploads/s.jpg',
    });
    await setUser(rookie!.id, { firstName: 'Roo', lastName: 'Kie', wtaPoints: 40 });
    await t.db.insert(teamMembers).values([
      { teamId, userId: rookie!.id, joinedAt: NOW },
      { teamId, userId: star!.id, joinedAt: NOW },
      { teamId, userId: coach!.id, position: 'coach', joinedAt: NOW },
      { teamId, userId: captain!.id, position: 'captain', joinedAt: NOW },
    ]);

    const res = await t.request(`/api/teams/${teamId}/profile`);
    const text = await res.clone().text();
    const team = (await res.json()) as TeamProfile;
    expect(team).toMatchObject({
      id: teamId,
      name: 'Atlanta Heat Check',
      tagline: 'Heat checks only.',
      motto: 'Shoot first.',
      logoUrl: '/uploads/logo.jpg',
      sport: 'basketball',
      city: 'Atlanta',
      wins: 24,
      losses: 8,
      tournamentsPlayed: 9,
      championshipWins: 3,
      coachId: coach!.id,
      captainId: captain!.id,
      owner: { firstName: 'Olivia', lastName: 'Owens', isVerified: true },
      winRate: 75,
      followerCount: 0,
      viewer: null,
    });
    expect(team.roster.map((p) => p.firstName)).toEqual(['Cap', 'Co', 'Star', 'Roo']);
    expect(team.roster[0]).toEqual({
      id: captain!.id,
      firstName: 'Cap',
      lastName: 'Tain',
      profileImageUrl: null,
      city: 'Macon',
      isVerified: false,
      wtaPoints: 10,
      wins: 3,
      gamesPlayed: 4,
      position: 'captain',
    });
    expect(team.roster[2]).toMatchObject({ isVerified: true, profileImageUrl: '/uploads/s.jpg' });
    // Nobody's e-mail or date of birth, the owner's included.
    for (const secret of [owner.email, captain!.email, '1980-01-01']) expect(text).not.toContain(secret);
    expect(team.owner).not.toHaveProperty('email');
    expect(team).not.toHaveProperty('ownerId');
  });

  it('D36 on the roster: a minor’s photo and city are hidden from guests, shown to members', async () => {
    const owner = await member(t, { role: 'owner' });
    const teamId = await addTeam(owner.id);
    const minor = await member(t);
    await setUser(minor.id, { dateOfBirth: '2012-03-04', city: 'Decatur', profileImageUrl: '/uploads/kid.jpg' });
    await t.db.insert(teamMembers).values({ teamId, userId: minor.id, joinedAt: NOW });
    expect((await teamOf(teamId)).roster[0]).toMatchObject({ city: null, profileImageUrl: null });
    expect((await teamOf(teamId, owner)).roster[0]).toMatchObject({
      city: 'Decatur',
      profileImageUrl: '/uploads/kid.jpg',
    });
  });

  it('an empty team has winRate 0 and no roster; the owner sees it as their own', async () => {
    const owner = await member(t, { role: 'owner' });
    const teamId = await addTeam(owner.id);
    const fan = await member(t, { role: 'fan' });
    await t.db.insert(follows).values({ followerId: fan.id, teamId, createdAt: NOW });
    expect(await teamOf(teamId)).toMatchObject({
      winRate: 0,
      roster: [],
      coachId: null,
      captainId: null,
      followerCount: 1,
    });
    expect((await teamOf(teamId, owner)).viewer).toEqual({ following: false, self: true });
    expect((await teamOf(teamId, fan)).viewer).toEqual({ following: true, self: false });
  });

  it('answers 404 "Team not found" for an unknown or malformed id, never a 500', async () => {
    for (const id of ['424242', '0', '-1', '1.5', 'abc', '99999999999999999999', '1e3']) {
      const res = await t.request(`/api/teams/${id}/profile`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Team not found' });
    }
  });
});
