import { formatPoints } from '../../lib/points.ts';
import type { PagePreview } from '../../lib/page-head.ts';
import type { PlayerProfile, TeamProfile } from './queries.ts';

// The profiles' link previews: the routes' `head` runs from the main bundle, so this file stays small and separate
// from the screens' labels (profile-display.ts).

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

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
