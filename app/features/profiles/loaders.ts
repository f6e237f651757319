import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { getErrorStatus } from '../../lib/api-client.ts';
import { userQueryOptions } from '../auth/queries.ts';
import {
  PLAYER_ID_PATTERN,
  playerProfileQueryOptions,
  TEAM_ID_PATTERN,
  teamProfileQueryOptions,
  type PlayerProfile,
  type TeamProfile,
} from './queries.ts';

// The profile routes' loaders (kept out of the pages' chunks: the router runs loaders from the main bundle).

/** Who is signed in: the root's beforeLoad has already asked, so the profile is read as that viewer. */
export function viewerIdOf(queryClient: QueryClient): string | null {
  return queryClient.getQueryData(userQueryOptions.queryKey)?.id ?? null;
}

async function orNotFound<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (getErrorStatus(error) === 404) throw notFound();
    throw error;
  }
}

/** /player/{id}: a malformed id or the API's 404 is the page's 'Player not found'. */
export function loadPlayerProfile(queryClient: QueryClient, id: string): Promise<PlayerProfile> {
  if (!PLAYER_ID_PATTERN.test(id)) throw notFound();
  return orNotFound(() => queryClient.ensureQueryData(playerProfileQueryOptions(id, viewerIdOf(queryClient))));
}

/** /teams/{id} and /team/{id}: a malformed id or the API's 404 is the page's 'Team not found'. */
export function loadTeamProfile(queryClient: QueryClient, id: string): Promise<TeamProfile> {
  if (!TEAM_ID_PATTERN.test(id)) throw notFound();
  return orNotFound(() => queryClient.ensureQueryData(teamProfileQueryOptions(id, viewerIdOf(queryClient))));
}
