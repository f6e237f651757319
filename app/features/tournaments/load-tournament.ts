import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { getErrorStatus } from '../../lib/api-client.ts';
import { tournamentQueryOptions } from './queries.ts';

/** Tournament ids are positive integers; anything else names no tournament (the API agrees). */
const ID_PATTERN = /^[1-9][0-9]{0,14}$/;

/**
 * The loader of a tournament's pages (its page, the embedded bracket, the broadcast view): the tournament through the
 * query cache, or the router's not-found for an id that names none. One function for the three, since route
 * loaders stay in every page's first load.
 */
export async function loadTournament(queryClient: QueryClient, id: string) {
  if (!ID_PATTERN.test(id)) throw notFound();
  try {
    return await queryClient.ensureQueryData(tournamentQueryOptions(id));
  } catch (error) {
    if (getErrorStatus(error) === 404) throw notFound();
    throw error;
  }
}

/** `loadTournament` as a route's loader, one function for the three routes. */
export const tournamentLoader = ({
  context,
  params,
}: {
  context: { queryClient: QueryClient };
  params: { id: string };
}) => loadTournament(context.queryClient, params.id);
