import type { Db } from './client.ts';
import { incidents } from './schema/incidents.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Demo conduct history for the admin Incidents tab (D24): an open report one competitor wrote about another, and a
 * decided warning under appeal. Only competitors without a login are involved, so no demo account's dashboard (or the
 * e2e journeys that read them) changes. Called once at the end of the seed's transaction.
 */
export async function seedIncidents(tx: Tx, idOf: (key: string) => string, known: (key: string) => boolean, now: Date) {
  const HOUR = 60 * 60 * 1000;
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  if (!['kjohnson', 'ebanks', 'jpark', 'admin'].every(known)) return 0;
  await tx.insert(incidents).values([
    {
      memberId: idOf('ebanks'),
      reporterId: idOf('kjohnson'),
      source: 'member',
      description: 'Kept trash-talking my teammates after the final whistle and followed us to the parking lot.',
      status: 'open',
      createdAt: ago(5),
    },
    {
      memberId: idOf('jpark'),
      reporterId: idOf('admin'),
      source: 'admin',
      description: 'Argued with the referee for several minutes and delayed the restart.',
      status: 'decided',
      createdAt: ago(50),
      consequence: 'warning',
      decisionNote: 'Disputes go to the tournament director, not the referee on court.',
      decidedBy: idOf('admin'),
      decidedAt: ago(48),
      appealText: 'I only asked for the score to be checked; the scorer agreed there was a mistake.',
      appealedAt: ago(20),
      appealStatus: 'pending',
    },
  ]);
  return 2;
}
