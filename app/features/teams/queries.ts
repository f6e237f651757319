import { queryOptions } from '@tanstack/react-query';
import type { MyTeam, RosterPlayer } from '../../../edge/features/teams/schema.ts';

export type { MyTeam, RosterPlayer };

/** GET /api/teams/my-teams (owners only, 001 s7). */
export const myTeamsQueryOptions = queryOptions<MyTeam[]>({ queryKey: ['/api/teams/my-teams'] });
