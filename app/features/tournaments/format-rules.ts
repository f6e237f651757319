import {
  BEST_OF,
  DECIDING_BEST_OF,
  DECIDING_ROUNDS,
  ROUND_BREAK_MINUTES,
} from '../../../edge/features/competition/engine/constants.ts';

// The Overview's rules (000 s2 "fixed rules list"), one list per format of the host form (D19). 000's list describes
// single elimination only; a round-robin tournament that showed it told its players they were out after one loss
// (issue 34). Every best-of and the break come from the engine's own constants, so the page states what it plays.

/** Elimination rounds counted from the end, as 000's list names them. */
const ROUNDS_FROM_END = ['finals', 'semifinals', 'quarterfinals'];
const firstDeciding = ROUNDS_FROM_END[DECIDING_ROUNDS - 1];
const deciding = ROUNDS_FROM_END.slice(0, DECIDING_ROUNDS).reverse().join(' and ');

const untilDeciding = `best of ${BEST_OF} until ${firstDeciding}`;
const inDeciding = `best of ${DECIDING_BEST_OF} in ${deciding}`;
const everyMatch = `best of ${BEST_OF} in every round`;
const roundBreak = `${ROUND_BREAK_MINUTES}-minute break`;

const RULES: Record<string, readonly string[]> = {
  // 000 s9's fixed rules, word for word, with the third-place match D19 adds.
  'single-elimination': [
    'single elimination',
    untilDeciding,
    inDeciding,
    `best of ${DECIDING_BEST_OF} in the third-place match`,
    roundBreak,
  ],
  'double-elimination': [
    'double elimination: winners and losers brackets, out after a second loss',
    `${untilDeciding} of each bracket`,
    `${inDeciding} of each bracket, and in the grand final`,
    'the grand final is played again when the losers-bracket winner takes the first one',
    roundBreak,
  ],
  'round-robin': [
    'round robin: everyone plays everyone once',
    everyMatch,
    'standings by wins, then head-to-head, game difference, games won and seed',
    roundBreak,
  ],
  swiss: [
    'swiss: log2 of the entrants rounds (rounded up), paired within equal records, no rematches',
    everyMatch,
    'a bye goes to the lowest-ranked entrant who has not had one, and counts as a win',
    "standings by wins, then Buchholz (the opponents' wins), game difference and seed",
    roundBreak,
  ],
  'pool-play': [
    'pool play: pools of 3 to 5, where everyone plays everyone in their pool once',
    `best of ${BEST_OF} in every pool match`,
    'the top two of each pool go to a single-elimination playoff',
    `playoff: ${untilDeciding}, ${inDeciding}`,
    roundBreak,
  ],
};

/** The rules the Overview lists for a tournament of `format`; only the break for a format the engine does not know. */
export function formatRules(format: string): readonly string[] {
  return RULES[format] ?? [roundBreak];
}
