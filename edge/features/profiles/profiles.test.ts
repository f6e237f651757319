import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { follows } from '../../../db/schema/follows.ts';
import { teamMembers } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments, type TournamentStatus } from '../../../db/schema/tournaments.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { member } from '../payments/test-helpers.ts';
import { TOURNAMENT_HISTORY_LIMIT, type PlayerProfile } from './schema.ts';
import { historyQuery } from './service.ts';
import { addTeam, NOW, profileOf, setUser } from './test-fixtures.ts';

// GET /api/players/{id}/profile (001 s3, s7) against a real migrated database: every public field, nothing private,
// D36 for guests, D29 embeds, and the follower count and viewer's state (D31). The team profile: team-profile.test.ts.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

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
    await setUser(t, player.id, {
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
    const teamId = await addTeam(t, owner.id);
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
    const profile = await profileOf(t, player.id);
    expect(profile.winRate).toBe(0);
    expect(profile.divisions).toEqual([]);
    expect(profile.highlightUrls).toEqual([]);
    expect(profile.currentTeam).toBeNull();
  });

  it('rounds a win rate of exactly a half up: 23 wins in 40 games is 58', async () => {
    const player = await member(t);
    await setUser(t, player.id, { wins: 23, losses: 17, gamesPlayed: 40 });
    expect((await profileOf(t, player.id)).winRate).toBe(58);
  });

  it('the current team of an owner without a roster spot is the first team they own', async () => {
    const owner = await member(t, { role: 'owner' });
    const first = await addTeam(t, owner.id, { name: 'First', createdAt: new Date(NOW.getTime() - 50 * DAY) });
    await addTeam(t, owner.id, { name: 'Second', createdAt: new Date(NOW.getTime() - 5 * DAY) });
    expect((await profileOf(t, owner.id)).currentTeam).toEqual({ id: first, name: 'First' });
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

    const { tournamentHistory } = await profileOf(t, player.id);
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
    const long = (await profileOf(t, player.id)).tournamentHistory;
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
    await setUser(t, minor.id, { dateOfBirth: '2008-11-22', city: 'Decatur', profileImageUrl: '/uploads/kid.jpg' });
    const guestView = await profileOf(t, minor.id);
    expect(guestView).toMatchObject({ profileImageUrl: null, city: null, indexable: false });
    const text = await (await t.request(`/api/players/${minor.id}/profile`)).text();
    expect(text).not.toContain('Decatur');
    expect(text).not.toContain('/uploads/kid.jpg');

    const signedIn = await member(t, { role: 'fan' });
    expect(await profileOf(t, minor.id, signedIn)).toMatchObject({
      profileImageUrl: '/uploads/kid.jpg',
      city: 'Decatur',
      indexable: false,
    });

    // Eighteen today: an adult; no date of birth at all counts as an adult too.
    await setUser(t, minor.id, { dateOfBirth: '2008-11-21' });
    expect(await profileOf(t, minor.id)).toMatchObject({ city: 'Decatur', indexable: true });
    await setUser(t, minor.id, { dateOfBirth: null });
    expect(await profileOf(t, minor.id)).toMatchObject({ city: 'Decatur', indexable: true });
  });

  it('D29: only https YouTube, Twitch and Vimeo links are embedded, each with its privacy-enhanced player', async () => {
    const player = await member(t);
    await setUser(t, player.id, {
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
    expect(await profileOf(t, player.id)).toMatchObject({ followerCount: 2, viewer: null });
    expect(await profileOf(t, player.id, fan)).toMatchObject({
      followerCount: 2,
      viewer: { following: true, self: false },
    });
    expect(await profileOf(t, player.id, player)).toMatchObject({ viewer: { following: false, self: true } });
  });

  it('answers 404 "Player not found" for an unknown or malformed id, never a 500', async () => {
    for (const id of ['nobody-here', 'x'.repeat(65), '%27%20or%201%3D1', '..%2F..%2Fetc', '%00']) {
      const res = await t.request(`/api/players/${id}/profile`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Player not found' });
    }
  });
});
