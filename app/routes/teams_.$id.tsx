import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { ProfileNotFound } from '../features/profiles/components/profile-parts.tsx';
import { ProfileRouteError, TeamProfileScreen } from '../features/profiles/components/profile-screens.tsx';
import { ProfileSkeleton } from '../features/profiles/components/profile-skeleton.tsx';
import { loadTeamProfile } from '../features/profiles/loaders.ts';
import { teamPreview } from '../features/profiles/profile-preview.ts';
import { pageMeta } from '../lib/page-head.ts';

// The public team profile (001 s2) at /teams/{id}, rendered on the server with its link preview (ADR 027). Not
// nested under /teams (the owner's own team page); /team/{id} is the same screen.
export const Route = createFileRoute('/teams_/$id')({
  loader: ({ context, params }) => loadTeamProfile(context.queryClient, params.id),
  // /teams/{id} is the canonical address of both (teamPreview names it).
  head: ({ loaderData }) => ({ meta: loaderData ? pageMeta(teamPreview(loaderData)) : [] }),
  pendingComponent: ProfileSkeleton,
  notFoundComponent: TeamNotFound,
  errorComponent: TeamRouteError,
  component: TeamRoute,
});

function TeamRoute() {
  const { id } = Route.useParams();
  return <TeamProfileScreen id={id} />;
}

function TeamNotFound() {
  return <ProfileNotFound what="team" />;
}

function TeamRouteError({ error, reset }: ErrorComponentProps) {
  return <ProfileRouteError what="team" error={error} reset={reset} />;
}
