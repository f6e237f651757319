import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import type { Sport } from './sports.ts';

/** The two paths of the profile-completion screen (000 s2); the role sent is player or owner (000 s5). */
export type ProfilePath = 'player' | 'owner';

export interface ProfileCompletionInput {
  role: ProfilePath;
  tagline: string;
  city: string;
  sport: Sport;
}

/** PATCH /api/users/profile. The caller refreshes the current user, which this feature does not own. */
export function useCompleteProfileMutation() {
  return useMutation({
    mutationFn: async (input: ProfileCompletionInput) => {
      const res = await apiRequest('PATCH', '/api/users/profile', input);
      return (await res.json()) as unknown;
    },
  });
}
