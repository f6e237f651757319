/**
 * The payments feature's plain values (D3, D9; 000 s9; 001 s9): tiers, prices and limits, with no zod, so a screen
 * can show prices without loading the validation library. `schema.ts` re-exports them for the server.
 * Prices live here and only the server turns them into amounts: a request names a tier, never a price.
 */

export type PaymentKind = 'registration' | 'ticket' | 'sponsorship' | 'donation';
export type TicketTier = 'general' | 'supporter' | 'media_pass';
export type SponsorshipTier = 'bronze' | 'silver' | 'gold' | 'title';

export const ticketTierIds = ['general', 'supporter', 'media_pass'] as const satisfies readonly TicketTier[];
export const sponsorshipTierIds = ['bronze', 'silver', 'gold', 'title'] as const satisfies readonly SponsorshipTier[];

/** 000 s9: the three ticket tiers. Prices in whole dollars. */
export const ticketTiers: Record<TicketTier, { name: string; price: number; perks: string[] }> = {
  general: { name: 'General Admission', price: 10, perks: ['Venue access', 'Standing room', 'Concessions'] },
  supporter: {
    name: 'Supporter Pass',
    price: 25,
    perks: ['Everything in General Admission', 'Reserved seating', 'Merchandise discount', 'Meet & greet'],
  },
  media_pass: {
    name: 'Media Pass',
    price: 50,
    perks: ['Everything in Supporter Pass', 'Courtside', 'Press box', 'Player interviews', 'Photo opportunities'],
  },
};

/** The ticket refusal for a tournament that is not on sale, shown by the server's 409 and by the Tickets tab. */
export const TICKETS_NOT_ON_SALE = 'Tickets are not on sale for this tournament';

/** Tickets are sold while a tournament is upcoming or live: a completed one has no event left to attend. */
export function ticketsOnSale(status: string): boolean {
  return status === 'upcoming' || status === 'live';
}

/** 001 s9: the four sponsorship tiers, cheapest first. Prices in whole dollars. */
export const sponsorshipTiers: Record<SponsorshipTier, { name: string; price: number; perks: string[] }> = {
  bronze: { name: 'Bronze', price: 100, perks: ['Logo on website', 'Social media mention', 'Thank-you announcement'] },
  silver: {
    name: 'Silver',
    price: 250,
    perks: ['Everything in Bronze', 'Logo on tournament flyer', '1 ticket', 'Booth space'],
  },
  gold: {
    name: 'Gold',
    price: 500,
    perks: ['Everything in Silver', 'Premium logo placement', '2 tickets', 'Speaking opportunity', 'Shoutouts'],
  },
  title: {
    name: 'Title',
    price: 1000,
    perks: ['Everything in Gold', 'Tournament naming rights', '4 tickets', 'VIP treatment', 'Maximum exposure'],
  },
};

/** 000 s9, D17: the donation is one dollar. */
export const DONATION_DOLLARS = 1;

/** D9: an unpaid registration holds its spot this long, then frees it. Checkout sessions expire with it. */
export const CHECKOUT_HOLD_MS = 30 * 60 * 1000;

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
  full: 'This tournament is full',
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
