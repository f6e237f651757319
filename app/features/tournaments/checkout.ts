import { queryOptions } from '@tanstack/react-query';
import type { CheckoutResponse, TicketTier } from '../../../edge/features/payments/schema.ts';
import type { WaiverStatus } from '../../../edge/features/waivers/schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

export type { CheckoutResponse, WaiverStatus };

/** GET /api/waivers/status (000 s7), asked fresh at every Register press: a waiver signed a minute ago counts. */
export const waiverStatusQueryOptions = queryOptions<WaiverStatus>({ queryKey: ['/api/waivers/status'], staleTime: 0 });

/** POST /api/stripe/checkout/tournament-registration (000 s7). */
export async function startRegistrationCheckout(tournamentId: number): Promise<CheckoutResponse> {
  const res = await apiRequest('POST', '/api/stripe/checkout/tournament-registration', {
    tournamentId,
    registrationType: 'player',
  });
  return (await res.json()) as CheckoutResponse;
}

/** The same call for a team tournament (D22): the owner enters their team, one buy-in per team. */
export async function startTeamRegistrationCheckout(tournamentId: number, teamId: number): Promise<CheckoutResponse> {
  const res = await apiRequest('POST', '/api/stripe/checkout/tournament-registration', {
    tournamentId,
    registrationType: 'team',
    teamId,
  });
  return (await res.json()) as CheckoutResponse;
}

/** D22: the Register button of a team tournament, with the buy-in a team pays. */
export function registerTeamButtonLabel(buyIn: number, formatMoney: (dollars: number) => string): string {
  return `Register Team - ${buyIn > 0 ? formatMoney(buyIn) : 'Free'}`;
}

/** POST /api/stripe/checkout/ticket (000 s7). */
export async function startTicketCheckout(tournamentId: number, tier: TicketTier): Promise<CheckoutResponse> {
  const res = await apiRequest('POST', '/api/stripe/checkout/ticket', { tournamentId, tier });
  return (await res.json()) as CheckoutResponse;
}

/** Leaves the app for the checkout page (000 s4): a full page load at the returned checkoutUrl. */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}

/** 000 s2: the Register button shows the buy-in, "Free" when there is none. */
export function registerButtonLabel(buyIn: number, formatMoney: (dollars: number) => string): string {
  return `Register - ${buyIn > 0 ? formatMoney(buyIn) : 'Free'}`;
}
