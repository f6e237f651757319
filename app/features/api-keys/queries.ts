import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyScope, ApiKeySummary, CreatedApiKey } from '../../../edge/features/api-keys/schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

export type { ApiKeyScope, ApiKeySummary, CreatedApiKey };

/** GET /api/profile/api-keys: the member's keys, newest first (D44). The keys themselves never come back. */
export const apiKeysQueryOptions = queryOptions<ApiKeySummary[]>({ queryKey: ['/api/profile/api-keys'] });

/** POST /api/profile/api-keys: a new key, answered this once with the key itself. */
export function useCreateApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { name: string; scopes: ApiKeyScope[] }) =>
      (await (await apiRequest('POST', '/api/profile/api-keys', input)).json()) as CreatedApiKey,
    onSuccess: (created) => {
      // The list keeps the summary only: the key lives in the card's state until the member closes it.
      const { key: _key, ...summary } = created;
      queryClient.setQueryData<ApiKeySummary[]>(apiKeysQueryOptions.queryKey, (list) => [summary, ...(list ?? [])]);
    },
  });
}

/** DELETE /api/profile/api-keys/{id}: revoked at once; the list shows it as revoked. */
export function useRevokeApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await (await apiRequest('DELETE', `/api/profile/api-keys/${id}`)).json()) as ApiKeySummary,
    onSuccess: (revoked) =>
      queryClient.setQueryData<ApiKeySummary[]>(apiKeysQueryOptions.queryKey, (list) =>
        list?.map((k) => (k.id === revoked.id ? revoked : k)),
      ),
  });
}
