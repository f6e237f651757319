import type { z } from 'zod';
import type { checkInSchema } from './requests.ts';

/**
 * The door (D26): shapes shared by the API and the door screen, and the one way a ticket code is hashed, so that a
 * phone with no signal checks a scanned or typed code against the saved list exactly as the server would. The list
 * never holds a plain code: a code is a 160-bit secret (ADR 011), so its SHA-256 cannot be turned back into it, and
 * the saved list on a lost phone admits nobody.
 */

export const DOOR_MESSAGES = {
  forbidden: "Only league admins and this tournament's host can run its door",
  noDoor: 'Only league admins and tournament hosts can check tickets at the door',
  tournamentNotFound: 'Tournament not found',
  codeRequired: 'Enter a ticket code',
  codeTooLong: 'A ticket code is at most 64 characters',
  badCursor: 'Invalid cursor',
  badTournament: 'Invalid tournament id',
} as const;

/** A code as people type it or a scanner reads it: spaces, dashes and case do not matter. */
export function normaliseTicketCode(raw: string): string {
  return raw.replace(/[\s-]+/g, '').toLowerCase();
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 (lower-case hex) of the normalised code: the door list's key, computed the same on the device. */
export async function ticketCodeHash(raw: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normaliseTicketCode(raw))));
}

export type CheckInInput = z.input<typeof checkInSchema>;

export type TicketTierId = 'general' | 'supporter' | 'media_pass';

/** One ticket of the door's list: what the screen shows for it, never the code itself. */
export interface DoorTicket {
  codeHash: string;
  tier: TicketTierId;
  tierName: string;
  firstName: string;
  usedAt: string | null;
}

/** What the door says about one code. */
export interface DoorVerdict {
  /** valid: admitted now; used: already used (ticket.usedAt says when); invalid: no such ticket for this tournament. */
  status: 'valid' | 'used' | 'invalid';
  ticket: { tier: TicketTierId; tierName: string; firstName: string; usedAt: string | null } | null;
  /** This door admitted the holder offline, but the ticket had already been used elsewhere: recorded for admins. */
  conflict: boolean;
}

/** A tournament whose door the caller may run. */
export interface DoorTournament {
  id: number;
  title: string;
  startDate: string;
  /** When it started and completed (issue 34: shown instead of the scheduled start once set); else null. */
  startedAt: string | null;
  completedAt: string | null;
  status: string;
  location: string | null;
  /** D39: entrants check in (the door lists them, by name or entry pass). */
  checkIn: boolean;
}

/** A ticket admitted at two doors (D26), as admins see it. */
export interface DoorConflict {
  id: number;
  tournamentId: number;
  tournamentTitle: string;
  tier: TicketTierId;
  tierName: string;
  firstName: string;
  /** The first use the server kept, and who checked it in (null: unknown or deleted). */
  firstUsedAt: string | null;
  firstCheckedBy: string | null;
  /** The second admission: when the door scanned it, who ran that door, and when it reached the server. */
  scannedAt: string;
  checkedBy: string | null;
  receivedAt: string;
}
