// Fixtures of the hosting and manager API tests: a complete host form and the members who use it.
import type { TestFixtures } from '../../test/app.ts';
import { DAY, member, type Member } from '../payments/test-helpers.ts';
import type { HostTournamentInput } from './schema.ts';

/** A host form that passes every rule of 001 s5, starting `inDays` after the test clock. */
export function hostForm(t: TestFixtures, fields: Partial<Record<keyof HostTournamentInput, unknown>> = {}, inDays = 14) {
  return {
    title: 'Swiss Summer Classic',
    description: 'A one-day Swiss tournament for the whole neighbourhood.',
    sport: 'pickleball',
    division: 'open',
    format: 'swiss',
    buyIn: 25,
    maxPlayers: 16,
    venueName: 'Southside Park',
    venueAddress: '123 Court Street, Atlanta, GA 30310',
    location: 'Atlanta, GA',
    startDate: new Date(t.now().getTime() + inDays * DAY).toISOString(),
    endDate: new Date(t.now().getTime() + inDays * DAY + 8 * 60 * 60 * 1000).toISOString(),
    flyerUrl: 'https://example.com/flyer.jpg',
    rules: 'Best of three games to 11, win by two. Swiss pairings each round.',
    requirements: 'Bring your own paddle.',
    winnerSplit: 30,
    charitySplit: 15,
    wtaSplit: 55,
    ...fields,
  };
}

export const verifiedHost = (t: TestFixtures): Promise<Member> => member(t, { verified: true });

export const leagueAdmin = (t: TestFixtures, name = 'boss') =>
  member(t, { role: 'admin', email: `${name}-${crypto.randomUUID().slice(0, 8)}@wta.local` });

/** The demo's foreign-domain admin (D6, D18): the admin role on another domain, refused everything admin. */
export const foreignAdmin = (t: TestFixtures) =>
  member(t, { role: 'admin', email: `admin-${crypto.randomUUID().slice(0, 8)}@other-league.example` });
