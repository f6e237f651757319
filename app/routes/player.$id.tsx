import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { ProfileNotFound } from '../features/profiles/components/profile-parts.tsx';
import { PlayerProfileScreen, ProfileRouteError } from '../features/profiles/components/profile-screens.tsx';
import { ProfileSkeleton } from '../features/profiles/components/profile-skeleton.tsx';
import { loadPlayerProfile } from '../features/profiles/loaders.ts';
import { playerPreview } from '../features/profiles/profile-preview.ts';
import { pageMeta } from '../lib/page-head.ts';

// The public player profile (001 s2), rendered on the server with its link preview (issue 12, ADR 027).
export const Route = createFileRoute('/player/$id')({
  loader: ({ context, params }) => loadPlayerProfile(context.queryClient, params.id),
  head: ({ loaderData }) => ({ meta: loaderData ? pageMeta(playerPreview(loaderData)) : [] }),
  pendingComponent: ProfileSkeleton,
  notFoundComponent: PlayerNotFound,
  errorComponent: PlayerRouteError,
  component: PlayerRoute,
});

function PlayerRoute() {
  const { id } = Route.useParams();
  return <PlayerProfileScreen id={id} />;
}

function PlayerNotFound() {
  return <ProfileNotFound what="player" />;
}

function PlayerRouteError({ error, reset }: ErrorComponentProps) {
  return <ProfileRouteError what="player" error={error} reset={reset} />;
}
