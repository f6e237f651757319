import { queryOptions } from '@tanstack/react-query';
import type { CheckoutResponse, SponsorshipCheckoutInput } from '../../../edge/features/payments/schema.ts';
import { MAX_TOURNAMENT_PAGE_SIZE, type Tournament } from '../../../edge/features/tournaments/schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * GET /api/tournaments?limit=100: the tournaments to choose from. The list answers pages (ADR 025) in screen order,
 * live first and then upcoming soonest first, so one page of the largest size holds the ones a sponsor would pick.
 */
export const sponsorableTournamentsQueryOptions = queryOptions<Tournament[]>({
  queryKey: ['/api/tournaments', { limit: String(MAX_TOURNAMENT_PAGE_SIZE) }],
});

/** GET /api/tournaments/{id}: the link's tournament, offered even when it starts later than that page reaches. */
export const linkedTournamentQueryOptions = (id: number) =>
  queryOptions<Tournament>({ queryKey: ['/api/tournaments', String(id)] });

/** POST /api/stripe/checkout/sponsorship (001 s7). */
export async function startSponsorshipCheckout(input: SponsorshipCheckoutInput): Promise<CheckoutResponse> {
  const res = await apiRequest('POST', '/api/stripe/checkout/sponsorship', input);
  return (await res.json()) as CheckoutResponse;
}
