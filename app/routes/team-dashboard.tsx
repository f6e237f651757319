import { createFileRoute, redirect } from '@tanstack/react-router';

// D17: the owner's "team dashboard" (welcome dialog destination) is the team owner page at /teams.
export const Route = createFileRoute('/team-dashboard')({
  beforeLoad: () => {
    throw redirect({ href: '/teams', replace: true });
  },
});
