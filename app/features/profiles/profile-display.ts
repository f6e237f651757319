import { formatPoints } from '../../lib/points.ts';
import type { PagePreview } from '../../lib/page-head.ts';
import type { PlayerProfile, TeamProfile, TournamentHistoryEntry } from './queries.ts';

const count = new Intl.NumberFormat('en-US');

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** "1 follower", "1,204 followers". */
export function followersLabel(n: number): string {
  return `${count.format(n)} ${n === 1 ? 'follower' : 'followers'}`;
}

const PLACES = ['Champion', 'Runner-up', '3rd Place', '4th Place'];

/** A completed tournament's place in words ('Champion', 'Runner-up', '3rd Place', '4th Place'), else null. */
export function placementLabel(entry: Pick<TournamentHistoryEntry, 'status' | 'placement'>): string | null {
  if (entry.status !== 'completed' || entry.placement === null) return null;
  return PLACES[entry.placement - 1] ?? null;
}

export const historyStatusLabels: Record<TournamentHistoryEntry['status'], string> = {
  upcoming: 'Upcoming',
  live: 'Live Now',
  completed: 'Completed',
};

/** "Atlanta, GA", "Atlanta", "GA" or null. */
export function placeOf(city: string | null, state: string | null): string | null {
  return [city, state].filter(Boolean).join(', ') || null;
}

/**
 * The player's link preview (issue 12): name, record and place; their photo when there is one. A minor's preview has
 * no image at all and the page asks not to be indexed (D36); nor does it name their city.
 */
export function playerPreview(profile: PlayerProfile): PagePreview {
  const name = fullName(profile);
  const where = profile.indexable ? placeOf(profile.city, profile.state) : null;
  const facts = [
    `${formatPoints(profile.wtaPoints)}`,
    `${profile.wins}-${profile.losses} record`,
    profile.currentTeam ? `plays for ${profile.currentTeam.name}` : null,
  ].filter(Boolean);
  const lead = `${name}${where ? ` of ${where}` : ''} on WTA League: ${facts.join(', ')}.`;
  return {
    title: `${name} | WTA League`,
    description: profile.tagline ? `${lead} “${profile.tagline}”` : lead,
    image: profile.indexable ? profile.profileImageUrl : null,
    type: 'profile',
    private: !profile.indexable,
  };
}

/** The team's link preview: name, record, titles and tagline, with its logo; /team/{id} names /teams/{id} canonical. */
export function teamPreview(team: TeamProfile): PagePreview {
  const facts = [
    `${team.wins}-${team.losses} record`,
    `${team.tournamentsPlayed} ${team.tournamentsPlayed === 1 ? 'tournament' : 'tournaments'} played`,
    team.championshipWins > 0
      ? `${team.championshipWins} ${team.championshipWins === 1 ? 'championship' : 'championships'}`
      : null,
  ].filter(Boolean);
  const lead = `${team.name} on WTA League: ${facts.join(', ')}.`;
  return {
    title: `${team.name} | WTA League`,
    description: team.tagline ? `${lead} “${team.tagline}”` : lead,
    image: team.logoUrl,
    canonicalPath: `/teams/${team.id}`,
  };
}
