import type { SupportRequestInput, SupportRequestSent } from '../../../edge/features/support/schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** POST /api/support (D17): delivers the request to the league admins. */
export async function sendSupportRequest(input: SupportRequestInput): Promise<SupportRequestSent> {
  const res = await apiRequest('POST', '/api/support', input);
  return (await res.json()) as SupportRequestSent;
}
