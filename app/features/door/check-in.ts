import {
  normaliseTicketCode,
  ticketCodeHash,
  type DoorTicket,
  type DoorVerdict,
} from '../../../edge/features/door/schema.ts';
import { OUTBOX_USER_HEADER } from '../../lib/outbox.ts';
import { enqueue } from '../../lib/outbox-store.ts';

/** How long the door waits for the server before it answers from the saved list (a venue's weak signal). */
export const ONLINE_WAIT_MS = 5_000;

/** What the door shows for one check: the verdict, and whether it came from the server or the saved list. */
export interface DoorAnswer {
  verdict: DoorVerdict;
  /** 'device': decided on the saved list with no signal; an admission waits in the outbox. */
  source: 'server' | 'device';
  /** The code's hash, to mark the saved list. */
  codeHash: string;
  /** When the door checked it (this device's clock). */
  checkedAt: string;
}

/** The door could not decide: the server refused (a 4xx), or there is no signal and no saved list. */
export class DoorCheckError extends Error {}

/** The saved list's verdict for a code's hash: valid, already used (when), or invalid. Pure. */
export function verdictFromList(list: readonly DoorTicket[], codeHash: string): DoorVerdict {
  const ticket = list.find((t) => t.codeHash === codeHash);
  if (!ticket) return { status: 'invalid', ticket: null, conflict: false };
  const shown = { tier: ticket.tier, tierName: ticket.tierName, firstName: ticket.firstName, usedAt: ticket.usedAt };
  return { status: ticket.usedAt ? 'used' : 'valid', ticket: shown, conflict: false };
}

export interface CheckOptions {
  tournamentId: number;
  code: string;
  userId: string;
  /** The saved list (undefined when it was never loaded on this device). */
  list: readonly DoorTicket[] | undefined;
  /** The browser's idea of the connection; false skips the server at once. */
  online: boolean;
  /** Query keys (as URLs) to refresh once a queued check-in is delivered. */
  invalidates: string[];
}

/**
 * Checks one scanned or typed code (D26). Online, the server decides and keeps the first use. With no answer (no
 * signal, a timeout, a 5xx) the door decides on its saved list: an admission is queued in the outbox as an offline
 * check-in, naming this door's own unanswered attempt (`replaces`) so the server never takes a lost answer for a
 * second door; used and invalid codes queue nothing.
 */
export async function checkCode(options: CheckOptions): Promise<DoorAnswer> {
  const code = normaliseTicketCode(options.code);
  const codeHash = await ticketCodeHash(code);
  const checkedAt = new Date().toISOString();
  const url = `/api/door/tournaments/${options.tournamentId}/check-ins`;
  let replaces: string | undefined;

  if (options.online) {
    const key = crypto.randomUUID();
    let res: Response | null;
    try {
      res = await fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, [OUTBOX_USER_HEADER]: options.userId },
        body: JSON.stringify({ code, scannedAt: checkedAt }),
        signal: AbortSignal.timeout(ONLINE_WAIT_MS),
      });
    } catch {
      res = null;
    }
    if (res?.ok) return { verdict: (await res.json()) as DoorVerdict, source: 'server', codeHash, checkedAt };
    if (res && res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
      const text = await res.text().catch(() => '');
      let message = `The server refused this check (${res.status}).`;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        // Not JSON: the plain message above.
      }
      throw new DoorCheckError(message);
    }
    // No answer that counts: it may still have arrived, so the offline check-in names it.
    replaces = key;
  }

  if (!options.list) {
    throw new DoorCheckError('No saved ticket list for this tournament yet. Connect once to download it.');
  }
  const verdict = verdictFromList(options.list, codeHash);
  if (verdict.status === 'valid') {
    await enqueue({
      kind: 'check-in',
      method: 'POST',
      url,
      body: { code, offline: true, scannedAt: checkedAt, ...(replaces ? { replaces } : {}) },
      userId: options.userId,
      invalidates: options.invalidates,
    });
    verdict.ticket = { ...verdict.ticket!, usedAt: checkedAt };
  }
  return { verdict, source: 'device', codeHash, checkedAt };
}
