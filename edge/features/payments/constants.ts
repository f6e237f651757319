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

// D9 and D22's registration rules and their words: a module of their own, so a tournament's card (which says who may
// register) does not carry the ticket and sponsorship tiers (issue 12, first visit to /tournaments).
export * from './registration/constants.ts';
