import { useQuery } from '@tanstack/react-query';
import { Swords } from 'lucide-react';
import { Alert } from '../../../ui/alert.tsx';
import { nextMatchDescription } from '../match-display.ts';
import { nextMatchQueryOptions } from '../queries.ts';

/**
 * The Registration tab of a live tournament tells a signed-in entrant where they play next (issue 11). Says nothing
 * when they have no match left to play, or when the call fails (the rest of the tab still stands).
 */
export default function NextMatchNote({ tournamentId }: { tournamentId: number }) {
  const next = useQuery({ ...nextMatchQueryOptions(tournamentId), staleTime: 0, refetchInterval: 60_000, refetchIntervalInBackground: false });
  if (!next.data) return null;
  const { title, details } = nextMatchDescription(next.data, new Date());
  return (
    <Alert tone="neutral" title={title} icon={<Swords />}>
      <p>{details}</p>
    </Alert>
  );
}
