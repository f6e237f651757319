import { useMutation } from '@tanstack/react-query';
import type { ProfileCompletionInput } from '../../../edge/features/users/schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** PATCH /api/users/profile. The caller refreshes the current user, which this feature does not own. */
export function useCompleteProfileMutation() {
  return useMutation({
    mutationFn: async (input: ProfileCompletionInput) => {
      const res = await apiRequest('PATCH', '/api/users/profile', input);
      return (await res.json()) as unknown;
    },
  });
}
