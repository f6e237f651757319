import type { MvpPlayer, MvpResult } from '../../../edge/features/competition/schema.ts';

/** The MVP Voting tab's texts and order (000 s2, s3). */

export function playerName(player: Pick<MvpPlayer, 'firstName' | 'lastName'>): string {
  return `${player.firstName} ${player.lastName}`.trim();
}

/** The city on a player's card, or 'Unknown City' (000 s2). */
export function playerCity(player: Pick<MvpPlayer, 'city'>): string {
  return player.city?.trim() || 'Unknown City';
}

export interface RankedResult extends MvpResult {
  /** 1-based; equal vote counts share a rank (1, 1, 3). */
  rank: number;
}

/** Results ranked by votes, most first; ties share a rank and are listed by name. */
export function rankResults(results: readonly MvpResult[]): RankedResult[] {
  const sorted = [...results].sort(
    (a, b) => b.voteCount - a.voteCount || playerName(a.player).localeCompare(playerName(b.player)),
  );
  return sorted.map((result, i) => {
    const firstEqual = sorted.findIndex((r) => r.voteCount === result.voteCount);
    return { ...result, rank: (firstEqual === -1 ? i : firstEqual) + 1 };
  });
}

/** "1 vote", "12 votes". */
export function voteCountText(count: number): string {
  return `${count} ${count === 1 ? 'vote' : 'votes'}`;
}
