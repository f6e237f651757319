import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { userQueryOptions } from '../features/auth/queries.ts';
import { Hero } from '../features/landing/components/hero.tsx';

export const Route = createFileRoute('/')({
  component: LandingPage,
});

function LandingPage() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  return (
    <>
      <title>WTA League</title>
      <Hero user={user} />
    </>
  );
}
