import { describe, expect, it } from 'vitest';
import { headTags, pageMeta } from '../../lib/page-head.ts';
import { followersLabel, placementLabel } from './profile-display.ts';
import { playerPreview, teamPreview } from './profile-preview.ts';
import type { PlayerProfile, TeamProfile } from './queries.ts';

const player: PlayerProfile = {
  id: 'p1',
  firstName: 'Jasmine',
  lastName: 'Carter',
  role: 'player',
  isVerified: true,
  profileImageUrl: '/uploads/j.jpg',
  tagline: 'Buckets on buckets.',
  bio: null,
  city: 'Atlanta',
  state: 'GA',
  sport: 'basketball',
  height: null,
  weight: null,
  divisions: [],
  bestDivision: null,
  wtaPoints: 1240,
  wins: 38,
  losses: 12,
  gamesPlayed: 50,
  winRate: 76,
  currentTeam: { id: 3, name: 'Heat Check' },
  tournamentHistory: [],
  highlightUrls: [],
  highlights: [],
  followerCount: 0,
  viewer: null,
  indexable: true,
};

const team: TeamProfile = {
  id: 7,
  name: 'Heat Check',
  tagline: null,
  motto: null,
  logoUrl: null,
  sport: 'basketball',
  city: null,
  wins: 3,
  losses: 1,
  tournamentsPlayed: 1,
  championshipWins: 1,
  coachId: null,
  captainId: null,
  owner: { firstName: 'O', lastName: 'W', isVerified: false },
  roster: [],
  winRate: 75,
  followerCount: 0,
  viewer: null,
};

describe('profile previews', () => {
  it('a player: name, place, points, record and team, with their photo', () => {
    expect(playerPreview(player)).toEqual({
      title: 'Jasmine Carter | WTA League',
      description:
        'Jasmine Carter of Atlanta, GA on WTA League: 1,240 pts, 38-12 record, plays for Heat Check. “Buckets on buckets.”',
      image: '/uploads/j.jpg',
      type: 'profile',
      private: false,
    });
  });

  it('D36: a minor’s preview names no place, carries no image at all, and the page says noindex', () => {
    const preview = playerPreview({ ...player, indexable: false });
    expect(preview.description).not.toContain('Atlanta');
    const tags = headTags([pageMeta(preview)], 'https://league.example', '/player/p1');
    expect(tags).toContain('<meta name="robots" content="noindex" />');
    expect(tags).not.toContain('og:image');
    expect(tags).not.toContain('twitter:image');
    expect(tags).toContain('<meta name="twitter:card" content="summary" />');
  });

  it('a team: record, titles, the league card without a logo, and /teams/{id} as canonical from either address', () => {
    const preview = teamPreview(team);
    expect(preview.description).toBe('Heat Check on WTA League: 3-1 record, 1 tournament played, 1 championship.');
    const tags = headTags([pageMeta(preview)], 'https://league.example', '/team/7?x=1');
    expect(tags).toContain('<link rel="canonical" href="https://league.example/teams/7" />');
    expect(tags).toContain('<meta property="og:url" content="https://league.example/teams/7" />');
    expect(tags).toContain('<meta property="og:image" content="https://league.example/icons/icon-512.png" />');
    expect(tags).not.toContain('rel="canonical" href="https://league.example/team/7');
  });
});

describe('labels', () => {
  it('counts followers and names places of completed tournaments only', () => {
    expect(followersLabel(0)).toBe('0 followers');
    expect(followersLabel(1)).toBe('1 follower');
    expect(followersLabel(12345)).toBe('12,345 followers');
    expect(placementLabel({ status: 'completed', placement: 1 })).toBe('Champion');
    expect(placementLabel({ status: 'completed', placement: 4 })).toBe('4th Place');
    expect(placementLabel({ status: 'completed', placement: null })).toBeNull();
    expect(placementLabel({ status: 'live', placement: 1 })).toBeNull();
  });
});
