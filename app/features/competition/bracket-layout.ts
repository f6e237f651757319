import { roundNameOf, type BracketMatch, type Stage } from '../../../edge/features/competition/schema.ts';

/**
 * How the Bracket tab draws a tournament (000 s2, D19): the matches of GET /api/tournaments/{id}/bracket grouped into
 * sections (the single-elimination bracket; winners, losers and grand final; the rounds of round robin, Swiss and
 * pools; the pool-play playoff) and each section into rounds, one column a round. Pure: matches in, layout out.
 */

export type SectionKey = 'main' | 'winners' | 'losers' | 'grand-final' | 'round-robin' | 'swiss' | 'pool' | 'playoff';

export interface BracketRound {
  round: number;
  /** Final, Semi-Finals, ... Round N (000 s2): the API's roundNameOf, so a column and its matches agree. */
  name: string;
  matches: BracketMatch[];
}

export interface BracketSection {
  key: SectionKey;
  title: string;
  /** Elimination columns narrow towards the final; round columns (round robin, Swiss, pools) are lists. */
  kind: 'elimination' | 'rounds';
  rounds: BracketRound[];
  /** The round being played now (the current-round badge), or null when the section is over or not begun. */
  currentRound: number | null;
}

const sectionOrder: SectionKey[] = ['main', 'winners', 'losers', 'grand-final', 'round-robin', 'swiss', 'pool', 'playoff'];

const sectionTitles: Record<SectionKey, string> = {
  main: 'Bracket',
  winners: 'Winners Bracket',
  losers: 'Losers Bracket',
  'grand-final': 'Grand Final',
  'round-robin': 'Round Robin',
  swiss: 'Swiss Rounds',
  pool: 'Pool Play',
  playoff: 'Playoff',
};

/** D19: Swiss plays ceil(log2 n) rounds; rounds not yet paired still get a column ('No matches scheduled yet'). */
export function swissRoundCount(entrants: number): number {
  return entrants < 2 ? 1 : Math.ceil(Math.log2(entrants));
}

/** How many entrants appear in these matches (a Swiss bye is a match with one side). */
function entrantCount(matches: readonly BracketMatch[]): number {
  const ids = new Set<number>();
  for (const m of matches) {
    if (m.teamA) ids.add(m.teamA.id);
    if (m.teamB) ids.add(m.teamB.id);
  }
  return ids.size;
}

function sectionOf(stage: Stage, hasPlayoff: boolean): SectionKey {
  // The third-place match is shown with the final of the elimination stage it belongs to.
  if (stage === 'third-place') return hasPlayoff ? 'playoff' : 'main';
  return stage;
}

/** Matches of a round in display order: by pool, then number; the third-place match after the final. */
function byDisplayOrder(a: BracketMatch, b: BracketMatch): number {
  const thirdA = a.stage === 'third-place' ? 1 : 0;
  const thirdB = b.stage === 'third-place' ? 1 : 0;
  return thirdA - thirdB || a.group - b.group || a.matchNumber - b.matchNumber;
}

/**
 * The current round of a section: the first with a live match; else the first with an open match whose two sides
 * are known (ready to play); else the first with any open match. Null when every match is completed.
 */
export function currentRound(rounds: readonly Pick<BracketRound, 'round' | 'matches'>[]): number | null {
  const open = (m: BracketMatch) => m.status !== 'completed';
  const tests: ((m: BracketMatch) => boolean)[] = [
    (m) => m.status === 'live',
    (m) => open(m) && m.teamA !== null && m.teamB !== null,
    open,
  ];
  for (const test of tests) {
    const found = rounds.find((r) => r.matches.some(test));
    if (found) return found.round;
  }
  return null;
}

/**
 * Groups the bracket into sections in the order of D19's formats, each with every round from 1 to its last (a round
 * with no match yet is kept, so the tab can say 'No matches scheduled yet'). `finished`: the tournament is completed,
 * so no round is current.
 */
export function bracketSections(matches: readonly BracketMatch[], options: { finished?: boolean } = {}): BracketSection[] {
  const hasPlayoff = matches.some((m) => m.stage === 'playoff');
  const bySection = new Map<SectionKey, BracketMatch[]>();
  for (const m of matches) {
    const key = sectionOf(m.stage, hasPlayoff);
    const list = bySection.get(key);
    if (list) list.push(m);
    else bySection.set(key, [m]);
  }

  const sections: BracketSection[] = [];
  for (const key of sectionOrder) {
    const list = bySection.get(key);
    if (!list) continue;
    // The third-place match sits in the final's round whatever round number it carries.
    const played = list.filter((m) => m.stage !== 'third-place');
    let roundCount = Math.max(1, ...played.map((m) => m.round));
    if (key === 'swiss') roundCount = Math.max(roundCount, swissRoundCount(entrantCount(list)));
    const rounds: BracketRound[] = [];
    for (let round = 1; round <= roundCount; round++) {
      const inRound = list.filter((m) => (m.stage === 'third-place' ? round === roundCount : m.round === round));
      // A section is named by its stage: a round with no match yet still has a name.
      rounds.push({ round, name: roundNameOf(key, round, roundCount), matches: inRound.sort(byDisplayOrder) });
    }
    sections.push({
      key,
      title: sectionTitles[key],
      kind: key === 'round-robin' || key === 'swiss' || key === 'pool' ? 'rounds' : 'elimination',
      rounds,
      currentRound: options.finished ? null : currentRound(rounds),
    });
  }
  return sections;
}

/** Formats whose tab shows standings tables above the rounds (D19). */
export function hasStandings(matches: readonly Pick<BracketMatch, 'stage'>[]): boolean {
  return matches.some((m) => m.stage === 'round-robin' || m.stage === 'swiss' || m.stage === 'pool');
}
