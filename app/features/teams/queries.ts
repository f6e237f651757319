import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { MyTeam, RosterPlayer } from '../../../edge/features/teams/schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

export type { MyTeam, RosterPlayer };

/** GET /api/teams/my-teams (owners only, 001 s7). */
export const myTeamsQueryOptions = queryOptions<MyTeam[]>({ queryKey: ['/api/teams/my-teams'] });

async function teamFrom(res: Response): Promise<MyTeam> {
  return (await res.json()) as MyTeam;
}

/** POST /api/teams: name required, tagline optional (001 s5); the answer is the new team, id included. */
export async function createTeam(fields: { name: string; tagline: string }): Promise<MyTeam> {
  return teamFrom(await apiRequest('POST', '/api/teams', fields));
}

/** Where and how a team's logo is uploaded, for the upload dialog and for the logo chosen at creation. */
export function teamLogoUpload(teamId: number) {
  return { url: `/api/teams/${teamId}/upload-logo`, field: 'logo', fileName: 'team-logo.jpg' } as const;
}

/** PATCH /api/teams/{id}: name and tagline. */
export async function editTeam(teamId: number, fields: { name: string; tagline: string }): Promise<MyTeam> {
  return teamFrom(await apiRequest('PATCH', `/api/teams/${teamId}`, fields));
}

/** DELETE /api/teams/{id}/roster/{playerId}: the team without the player (their role goes with them). */
export async function removeFromRoster(teamId: number, playerId: string): Promise<MyTeam> {
  return teamFrom(await apiRequest('DELETE', `/api/teams/${teamId}/roster/${encodeURIComponent(playerId)}`));
}

/** PATCH /api/teams/{id}/roles: coach and captain from the roster, null for none. */
export async function setTeamRoles(
  teamId: number,
  roles: { coachId: string | null; captainId: string | null },
): Promise<MyTeam> {
  return teamFrom(await apiRequest('PATCH', `/api/teams/${teamId}/roles`, roles));
}

/** Puts a changed team into the owner's list (a new one at the end), so the page shows the server's answer at once. */
export function storeTeam(queryClient: QueryClient, team: MyTeam): void {
  queryClient.setQueryData<MyTeam[]>(myTeamsQueryOptions.queryKey, (teams = []) =>
    teams.some((t) => t.id === team.id) ? teams.map((t) => (t.id === team.id ? team : t)) : [...teams, team],
  );
}
