import { queryOptions } from '@tanstack/react-query';
import type { CheckoutResponse, SponsorshipCheckoutInput } from '../../../edge/features/payments/schema.ts';
import type { Tournament } from '../../../edge/features/tournaments/schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** GET /api/tournaments (the same cache entry as the tournament list): the optional tournament to sponsor. */
export const sponsorableTournamentsQueryOptions = queryOptions<Tournament[]>({ queryKey: ['/api/tournaments'] });

/** POST /api/stripe/checkout/sponsorship (001 s7). */
export async function startSponsorshipCheckout(input: SponsorshipCheckoutInput): Promise<CheckoutResponse> {
  const res = await apiRequest('POST', '/api/stripe/checkout/sponsorship', input);
  return (await res.json()) as CheckoutResponse;
}
