import type { MyTeam } from '../../../edge/features/teams/schema.ts';
import {
  EARLY_REGISTRATION_VERIFIED_ONLY,
  ROSTER_WAIVER_REFUSAL,
  rosterTooSmall,
} from '../../../edge/features/payments/constants.ts';

/**
 * The team entry's words on the Registration tab (D22): the toast for a refusal, and the note an owner sees before
 * pressing Register Team when their roster cannot enter yet. The server decides; these only say it kindly.
 */

/** The toast for a refused team entry: the specification's titles where it has them ('Waiver Required', 000 s8). */
export function teamRegistrationRefusal(message: string | undefined): { title: string; description: string } {
  if (message?.startsWith(ROSTER_WAIVER_REFUSAL)) return { title: 'Waiver Required', description: message };
  if (message === EARLY_REGISTRATION_VERIFIED_ONLY) return { title: 'Verified Users Only', description: message };
  return { title: 'Registration Failed', description: message ?? 'Unable to register your team for this tournament' };
}

/** Why this team cannot enter a tournament of this team size, before asking the server; null when it may try. */
export function rosterNote(team: Pick<MyTeam, 'name' | 'roster'>, teamSize: number): string | null {
  return team.roster.length >= teamSize ? null : rosterTooSmall(team.name, team.roster.length, teamSize);
}
