import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';

/** Primary Sport options of the profile-completion form (000 s5). */
export const profileSports = ['basketball', 'football', 'kickball', 'slap'] as const;
export const sportLabels: Record<(typeof profileSports)[number], string> = {
  basketball: 'Basketball',
  football: 'Flag Football',
  kickball: 'Kickball',
  slap: 'Slap Division',
};

/**
 * PATCH /api/users/profile from the Choose Your Path screen: every field required but the role, which an admin does not
 * send (their role is not theirs to change, D34); without one the member keeps their current role.
 */
export const profileCompletionSchema = z.object({
  role: z.enum(['player', 'owner'], { error: 'Choose Solo Player or Team Owner' }).optional(),
  tagline: freeText({ label: 'Tagline', error: 'Tagline is required' })
    .min(1, { error: 'Tagline is required' })
    .max(140, { error: 'Tagline must be at most 140 characters' }),
  city: freeText({ label: 'City', error: 'City is required' })
    .min(1, { error: 'City is required' })
    .max(100, { error: 'City must be at most 100 characters' }),
  sport: z.enum(profileSports, { error: 'Please select a sport' }),
});

export type ProfileCompletionInput = z.infer<typeof profileCompletionSchema>;
