import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { hostedTournaments, type HostLevel } from './schema/hosting.ts';
import { tournaments } from './schema/tournaments.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The host-form fields (001 s3, D21) of the demo's hosted tournaments, by seed key: what the host declared. */
const hostForms: Record<
  string,
  {
    level: HostLevel;
    venueName: string;
    venueAddress: string;
    rules: string;
    requirements: string;
    splits: [winner: number, charity: number, wta: number];
  }
> = {
  'hosted-hoopers': {
    level: 'open',
    venueName: 'Decatur Recreation Center',
    venueAddress: '231 Sycamore Street, Decatur, GA 30030',
    rules: '1v1 games to 11 by ones and twos, win by two. Make it, take it. Semifinal losers play a 3-point contest.',
    requirements: 'Verified members only. Indoor shoes and a signed liability waiver.',
    splits: [30, 15, 55],
  },
  'hosted-pickleball': {
    level: 'mixed',
    venueName: 'Southside Park Courts',
    venueAddress: '1545 Jonesboro Road SE, Atlanta, GA 30315',
    rules: 'Round robin pools, games to 11, win by two, rally scoring. The top two of each pool play the cash final.',
    requirements: 'Paddle (or borrow one at the desk), court shoes, water.',
    splits: [40, 20, 40],
  },
  'hosted-rejected': {
    level: 'open',
    venueName: 'Backyard Ring',
    venueAddress: 'Private residence, Atlanta, GA 30310',
    rules: 'Three two-minute rounds, 16 oz gloves, headgear required, referee stoppage final.',
    requirements: 'Own gloves and mouthguard; amateur fighters only.',
    splits: [50, 10, 40],
  },
  'flag-invitational': {
    level: 'open',
    venueName: 'Lake Merritt Fields',
    venueAddress: '666 Bellevue Avenue, Oakland, CA 94610',
    rules: '5v5 flag, no contact, 20-minute halves with a running clock; overtime from the 10-yard line.',
    requirements: 'Cleats without metal spikes; flags provided.',
    splits: [30, 15, 55],
  },
  'kickball-classic': {
    level: 'mixed',
    venueName: 'Grant Park Fields',
    venueAddress: '337 East Randolph Street, Chicago, IL 60601',
    rules: 'Six innings, three outs an inning, no bunting, pegging below the shoulders only.',
    requirements: 'Closed-toe shoes; every player signs the waiver at the gate.',
    splits: [35, 25, 40],
  },
};

/**
 * Demo data of the hosting feature (D10, D21): the host-form rows of the seeded hosted tournaments, so the pending
 * approvals show every field of 001 s2 and a hosted tournament's Overview shows its splits. Called once from
 * seed.ts inside its transaction, with the ids it gave each seeded tournament.
 */
export async function seedHosting(tx: Tx, tournamentId: ReadonlyMap<string, number>): Promise<number> {
  let seeded = 0;
  for (const [key, form] of Object.entries(hostForms)) {
    const id = tournamentId.get(key);
    if (id === undefined) continue;
    const [row] = await tx.select({ createdAt: tournaments.createdAt }).from(tournaments).where(eq(tournaments.id, id));
    const [winnerSplit, charitySplit, wtaSplit] = form.splits;
    await tx.insert(hostedTournaments).values({
      tournamentId: id,
      level: form.level,
      venueName: form.venueName,
      venueAddress: form.venueAddress,
      rules: form.rules,
      requirements: form.requirements,
      winnerSplit,
      charitySplit,
      wtaSplit,
      createdAt: row!.createdAt,
    });
    seeded += 1;
  }
  return seeded;
}
