import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhookEndpoint,
  WebhookDeliverySummary,
  WebhookEndpointSummary,
  WebhookEventType,
} from '../../../edge/features/webhooks/schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

export type { CreatedWebhookEndpoint, WebhookDeliverySummary, WebhookEndpointSummary, WebhookEventType };

/** GET /api/webhooks: the member's endpoints, newest first (D44). The secrets never come back. */
export const webhooksQueryOptions = queryOptions<WebhookEndpointSummary[]>({ queryKey: ['/api/webhooks'] });

/** GET /api/webhooks/{id}/deliveries: an endpoint's latest deliveries. */
export const deliveryLogQueryOptions = (id: number) =>
  queryOptions<WebhookDeliverySummary[]>({ queryKey: [`/api/webhooks/${id}/deliveries`] });

export function useWebhookMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions.queryKey });
  const create = useMutation({
    mutationFn: async (input: { url: string; tournamentId: number | null; events: WebhookEventType[] }) =>
      (await (await apiRequest('POST', '/api/webhooks', input)).json()) as CreatedWebhookEndpoint,
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => void (await apiRequest('DELETE', `/api/webhooks/${id}`)),
    onSuccess: refresh,
  });
  const enable = useMutation({
    mutationFn: async (id: number) => void (await apiRequest('POST', `/api/webhooks/${id}/enable`)),
    onSuccess: refresh,
  });
  const resend = useMutation({
    mutationFn: async ({ id, deliveryId }: { id: number; deliveryId: number }) =>
      void (await apiRequest('POST', `/api/webhooks/${id}/deliveries/${deliveryId}/resend`)),
    onSuccess: (_, { id }) => queryClient.invalidateQueries({ queryKey: deliveryLogQueryOptions(id).queryKey }),
  });
  return { create, remove, enable, resend };
}
