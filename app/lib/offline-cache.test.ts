import { describe, expect, it } from 'vitest';
import { isPublicApiPath, isSavedPublicApiUrl, isUserApiPath, queryKeyPath, queryKeyUrl } from './offline-cache.ts';

describe('what the service worker keeps', () => {
  it('keeps the public tournament reads, the hero video and divisions', () => {
    for (const path of [
      '/api/tournaments',
      '/api/tournaments/next',
      '/api/tournaments/12',
      '/api/tournaments/12/registrations',
      '/api/tournaments/12/sponsors',
      '/api/tournaments/12/bracket',
      '/api/tournaments/12/standings',
      '/api/tournaments/12/players',
      '/api/hero-video',
      '/api/divisions/d1-open',
    ]) {
      expect(isPublicApiPath(path), path).toBe(true);
      expect(isUserApiPath(path), path).toBe(false);
    }
  });

  it('never treats a caller-dependent read under /api/tournaments as public', () => {
    expect(isPublicApiPath('/api/tournaments/12/my-mvp-vote')).toBe(false);
    expect(isPublicApiPath('/api/tournaments/12/mvp-results')).toBe(false);
    expect(isUserApiPath('/api/tournaments/12/my-mvp-vote')).toBe(false);
    expect(isPublicApiPath('/api/tournaments/12/next-match')).toBe(false);
    expect(isPublicApiPath('/api/tournaments/12/match-history')).toBe(false);
  });

  it('keeps the user-specific reads apart', () => {
    for (const path of [
      '/api/auth/user',
      '/api/waivers/status',
      '/api/tickets/mine',
      '/api/tournament-registrations/my-registrations',
      '/api/player/current-team',
      '/api/player/matches',
      '/api/player/winnings',
      '/api/tournaments/12/next-match',
      '/api/notifications',
      '/api/entry-passes/mine',
      '/api/tournaments/12/entrants',
    ]) {
      expect(isUserApiPath(path), path).toBe(true);
      expect(isPublicApiPath(path), path).toBe(false);
    }
  });

  it('keeps nothing else', () => {
    for (const path of ['/api/messages/unread-count', '/api/admin/waivers', '/api/login', '/tournaments']) {
      expect(isPublicApiPath(path) || isUserApiPath(path), path).toBe(false);
    }
  });
});

describe('queryKeyPath', () => {
  it('joins an API key the way the default query function builds its URL', () => {
    expect(queryKeyPath(['/api/tournaments', '12'])).toBe('/api/tournaments/12');
    expect(queryKeyPath(['/api/tournaments', 12, 'sponsors'])).toBe('/api/tournaments/12/sponsors');
  });

  it('is null for keys that are not API reads', () => {
    expect(queryKeyPath(['ticket-qr', 'ABC'])).toBeNull();
    expect(queryKeyPath(['/api/tournaments', { status: 1 }])).toBeNull();
    expect(queryKeyPath(['/api/tournaments', ['live']])).toBeNull();
    expect(queryKeyPath(['/api/tournaments', { status: 'live' }, '7'])).toBeNull();
  });

  it("leaves out the search parameters a list's key ends with: publicity depends on the path", () => {
    expect(queryKeyPath(['/api/tournaments', { status: 'live' }])).toBe('/api/tournaments');
    expect(queryKeyPath(['/api/tournaments', {}])).toBe('/api/tournaments');
  });
});

describe('queryKeyUrl', () => {
  it("is the key's URL with its search parameters, sorted", () => {
    expect(queryKeyUrl(['/api/tournaments', '12'])).toBe('/api/tournaments/12');
    expect(queryKeyUrl(['/api/tournaments', {}])).toBe('/api/tournaments');
    expect(queryKeyUrl(['/api/tournaments', { status: 'live' }])).toBe('/api/tournaments?status=live');
    expect(queryKeyUrl(['/api/tournaments', { status: 'live', limit: '100' }])).toBe('/api/tournaments?limit=100&status=live');
    expect(queryKeyUrl(['ticket-qr', 'ABC'])).toBeNull();
  });
});

describe('isSavedPublicApiUrl', () => {
  const url = (path: string) => new URL(path, 'https://league.example');
  it("keeps each filter's first page of the tournament list, never the pages after a cursor (ADR 025)", () => {
    expect(isSavedPublicApiUrl(url('/api/tournaments'))).toBe(true);
    expect(isSavedPublicApiUrl(url('/api/tournaments?status=completed'))).toBe(true);
    expect(isSavedPublicApiUrl(url('/api/tournaments?cursor=MS4x'))).toBe(false);
    expect(isSavedPublicApiUrl(url('/api/tournaments?status=live&cursor=MC4x'))).toBe(false);
    expect(isSavedPublicApiUrl(url('/api/tournaments/12'))).toBe(true);
    expect(isSavedPublicApiUrl(url('/api/tournaments/12/my-mvp-vote'))).toBe(false);
  });
});
