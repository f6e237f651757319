import { createFileRoute } from '@tanstack/react-router';
import { SponsorshipPage } from '../features/sponsorship/components/sponsorship-page.tsx';
import type { ValidatedSearch } from '../lib/search-params.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

interface SponsorshipSearch {
  tier?: string;
  tournamentId?: number;
}

// 001 s2, s5, s9: the sponsorship application; `?tier=gold&tournamentId=12` preselects.
export const Route = createFileRoute('/sponsorship')({
  validateSearch: (search: Record<string, unknown>): SponsorshipSearch => {
    // The page checks the tier against the price list: importing it here would put zod in every page's first load.
    const tier = typeof search.tier === 'string' && /^[a-z_]{1,20}$/.test(search.tier) ? search.tier : undefined;
    const raw = typeof search.tournamentId === 'number' ? String(search.tournamentId) : search.tournamentId;
    const tournamentId = typeof raw === 'string' && /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : undefined;
    return { tier, tournamentId } satisfies ValidatedSearch<SponsorshipSearch>;
  },
  component: SponsorshipRoute,
});

function SponsorshipRoute() {
  const { tier, tournamentId } = Route.useSearch();
  return (
    <>
      <DocumentTitle>Sponsorship | WTA League</DocumentTitle>
      <SponsorshipPage
        initialTier={tier}
        initialTournamentId={tournamentId}
        onCheckout={(url) => window.location.assign(url)}
      />
    </>
  );
}
