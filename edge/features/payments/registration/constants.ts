/** The registration rules' plain values and words (D9, D22; ADR 030), shown by the server's refusals and the screens. */

/** D9: the roles that may register to play; fans buy tickets, vote and donate instead. */
export const registrationRoles: readonly string[] = ['player', 'owner', 'admin', 'super_admin'];

/** D9's refusal for every other role, shown by the server's 403 and, before any press, by the Registration tab. */
export const FANS_CANNOT_REGISTER = 'Only players and team owners can register to play. Fans can buy tickets, vote and donate.';

/**
 * D9's "and admins" means admins under D6: an admin role on an address outside LEAGUE_EMAIL_DOMAIN is no admin, and
 * not a player or owner either, so it cannot register to play.
 */
export const FOREIGN_ADMINS_CANNOT_REGISTER =
  "Only players, team owners and league admins can register to play. This admin account is not on the league's e-mail domain.";

/** D9: inside the 24-hour early window only verified members register (000 s4 words). */
export const EARLY_REGISTRATION_VERIFIED_ONLY =
  'Early registration is only available to verified users. Public registration opens after the early period.';

/** D22: the refusals of a team entry, shown by the server's answers and the Registration tab. */
export const TEAM_ENTRY_TEXTS = {
  teamRequired: 'Choose the team to register',
  teamNotFound: 'Team not found',
  notOwner: "Only the team's owner can register it",
  soloInTeamTournament: 'This is a team tournament: a team owner registers their team',
  teamInSoloTournament: 'This tournament is for individual players, not teams',
  alreadyRegistered: 'Your team is already registered for this tournament',
  full: 'This tournament is full - join the waitlist',
} as const;

/** D22: the start of a team's waiver refusal, in the words of the specification's 'Waiver Required' toast. */
export const ROSTER_WAIVER_REFUSAL = 'Every player on the roster must sign the liability waiver before registering.';

/** D22: the waiver refusal of a team entry, naming who on the roster has not signed. */
export function rosterWaiverRefusal(names: readonly string[]): string {
  return `${ROSTER_WAIVER_REFUSAL} Not signed yet: ${names.join(', ')}.`;
}

/** D38: a team's roster at entry holds at least the tournament's team size (ADR 030). */
export function rosterTooSmall(team: string, players: number, teamSize: number): string {
  return `${team} has ${players} player${players === 1 ? '' : 's'} on its roster; this tournament's teams need at least ${teamSize}.`;
}

/** D22: a player plays for one team in a tournament. */
export function alreadyEnteredElsewhere(names: readonly string[]): string {
  return `${names.join(', ')} already ${names.length === 1 ? 'plays' : 'play'} for another team in this tournament.`;
}
