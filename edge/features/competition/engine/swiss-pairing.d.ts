// Types for swiss-pairing 1.4.3 (plain CommonJS, no typings of its own), for the calls swiss.ts makes.
declare module 'swiss-pairing' {
  export interface Participant {
    id: string;
    seed: number;
    /** Left out of the pairing (we use it for the entrant who has this round's bye). */
    droppedOut?: boolean;
  }
  export interface PairedMatch {
    round: number;
    home: { id: string; points: number };
    /** id null: a bye. */
    away: { id: string | null; points: number };
  }
  export interface Options {
    /** The README calls it maxPointsPerRound; index.js reads maxPerRound. */
    maxPerRound?: number;
    rematchWeight?: number;
    standingPower?: number;
    seedMultiplier?: number;
  }
  export interface SwissPairing {
    getMatchups(round: number, participants: Participant[], matches: PairedMatch[]): { home: string; away: string | null }[];
  }
  function swissPairing(options?: Options): SwissPairing;
  export default swissPairing;
}
