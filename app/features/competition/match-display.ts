import {
  matchUpdatedMessage,
  type BracketMatch,
  type BracketSide,
  type CorrectionConflict,
  type MatchHistoryEntry,
  type NextMatch,
  type StaleMatchConflict,
} from '../../../edge/features/competition/schema.ts';
import { getErrorStatus } from '../../lib/api-client.ts';

/** What a match card and its dialogs show (000 s2, s3); pure so the rules are tested without a browser. */

/** A side's score, or a dash before a result (000 s2). */
export function scoreText(side: Pick<BracketSide, 'score'> | null): string {
  return side?.score === null || side?.score === undefined ? '-' : String(side.score);
}

/** The winner of a completed match is marked. */
export function isWinner(match: Pick<BracketMatch, 'winnerId'>, side: Pick<BracketSide, 'id'> | null): boolean {
  return side !== null && match.winnerId !== null && side.id === match.winnerId;
}

/** Completed losers are dimmed (000 s2). */
export function isDimmedLoser(match: Pick<BracketMatch, 'status' | 'winnerId'>, side: Pick<BracketSide, 'id'> | null): boolean {
  return match.status === 'completed' && side !== null && match.winnerId !== null && side.id !== match.winnerId;
}

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "7:15 PM" today, "Nov 21, 7:15 PM" on another day. */
export function shortTime(value: string, now: Date): string {
  const date = new Date(value);
  return date.toDateString() === now.toDateString() ? timeFormat.format(date) : dayTimeFormat.format(date);
}

/**
 * The start time an upcoming match shows (000 s2 "start time when upcoming"): 'Starts 7:15 PM' when the admin or
 * host set it, 'Est. 7:15 PM' when the server estimated it (previous round's end plus the 15-minute break, 000 s9).
 * Null when the match is not upcoming or has no time yet.
 */
export function startTimeLabel(
  match: Pick<BracketMatch, 'status' | 'startTime' | 'startTimeEstimated'>,
  now: Date,
): { text: string; label: string } | null {
  if (match.status !== 'upcoming' || !match.startTime || Number.isNaN(new Date(match.startTime).getTime())) return null;
  const time = shortTime(match.startTime, now);
  return match.startTimeEstimated
    ? { text: `Est. ${time}`, label: `Estimated start ${time}` }
    : { text: `Starts ${time}`, label: `Starts ${time}` };
}

/** 'Best of 5 - first to 3 games' (D19). */
export function bestOfLabel(bestOf: number): string {
  return `Best of ${bestOf} - first to ${gamesToWin(bestOf)} games`;
}

/** Games needed to win a best-of-N match: the most one side can score. */
export function gamesToWin(bestOf: number): number {
  return Math.ceil(bestOf / 2);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * 'Updated just now', 'Updated 3 minutes ago', ... from the query's dataUpdatedAt. Minutes, not seconds: the text is
 * a live region, and a 10-second poll would otherwise have it announced every 10 seconds.
 */
export function updatedAgoLabel(updatedAt: number, now: Date): string {
  const ms = now.getTime() - updatedAt;
  if (ms < MINUTE) return 'Updated just now';
  if (ms < HOUR) {
    const minutes = Math.floor(ms / MINUTE);
    return `Updated ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  }
  if (ms < 24 * HOUR) {
    const hours = Math.floor(ms / HOUR);
    return `Updated ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  return `Updated ${dayTimeFormat.format(new Date(updatedAt))}`;
}

function isDependent(value: unknown): value is CorrectionConflict['dependents'][number] {
  if (!value || typeof value !== 'object') return false;
  const d = value as Record<string, unknown>;
  return typeof d.id === 'number' && typeof d.matchNumber === 'number';
}

/** The JSON body of a 409 from the api client's error ("409: {json}"), or null. */
function conflictBody(error: unknown): Record<string, unknown> | null {
  if (getErrorStatus(error) !== 409 || !(error instanceof Error)) return null;
  try {
    const body: unknown = JSON.parse(error.message.slice(5));
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The 409 of a correction that would clear later results (D20); null for any other failure. */
export function correctionConflictOf(error: unknown): CorrectionConflict | null {
  const body = conflictBody(error);
  if (!body) return null;
  const { message, dependents } = body;
  if (!Array.isArray(dependents) || !dependents.every(isDependent)) return null;
  return { message: typeof message === 'string' ? message : '', dependents };
}

/**
 * The 409 of a report or correction made against a stale version of the match (D40): the match as it is now and
 * 'This match was just updated - Match 5: A 3-1 B'. Null for any other failure.
 */
export function staleMatchOf(error: unknown): StaleMatchConflict | null {
  const body = conflictBody(error);
  const match = body?.match as BracketMatch | undefined;
  if (!match || typeof match !== 'object' || typeof match.id !== 'number' || typeof match.version !== 'number') return null;
  return { message: typeof body!.message === 'string' && body!.message ? body!.message : matchUpdatedMessage(match), match };
}

/** 'Match 7, Match 9': the matches a correction clears, in number order. */
export function matchListLabel(dependents: readonly Pick<CorrectionConflict['dependents'][number], 'matchNumber'>[]): string {
  return [...dependents]
    .sort((a, b) => a.matchNumber - b.matchNumber)
    .map((d) => `Match ${d.matchNumber}`)
    .join(', ');
}

export const historyActionLabels: Record<MatchHistoryEntry['action'], string> = {
  report: 'Score reported',
  correct: 'Score corrected',
  clear: 'Result cleared',
  live: 'Status changed',
  schedule: 'Start time set',
  withdraw: 'Entrant withdrawn',
  start: 'Tournament started',
  complete: 'Tournament completed',
  'check-in': 'Checked in',
  'no-show': 'Withdrawn as a no-show',
  'score-report': 'Score reported by a player',
  'score-confirm': 'Reported score confirmed',
  'score-dispute': 'Reported score disputed',
  arrival: "At the court",
  'forfeit-claim': 'Forfeit claimed',
  'forfeit-decision': 'Forfeit claim decided',
};

/** A history value as a short text: a score '3-1', a status, a time, or compact JSON. */
export function describeHistoryValue(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value !== 'object') return String(value);
  const v = value as Record<string, unknown>;
  if (typeof v.scoreA === 'number' && typeof v.scoreB === 'number') return `${v.scoreA}-${v.scoreB}`;
  if (typeof v.status === 'string' && Object.keys(v).length === 1) return v.status;
  if (typeof v.startTime === 'string' && Object.keys(v).length === 1) {
    const at = new Date(v.startTime);
    return Number.isNaN(at.getTime()) ? v.startTime : dayTimeFormat.format(at);
  }
  const json = JSON.stringify(value);
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a datetime-local input's value, in the browser's time zone: "2026-11-21T19:15"; '' when none. */
export function toLocalInputValue(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as the ISO time the API takes; null when empty or invalid. */
export function fromLocalInputValue(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi);
  // new Date rolls 2026-02-31 over into March: refuse what the fields do not say.
  if (date.getMonth() !== mo - 1 || date.getDate() !== d || date.getHours() !== h || date.getMinutes() !== mi) return null;
  return date.toISOString();
}

/** Where a live entrant plays next (Registration tab): "Your next match: Match 5 - Semi-Finals", then who and when. */
export function nextMatchDescription(next: NextMatch, now: Date): { title: string; details: string } {
  const title = `Your next match: Match ${next.matchNumber} - ${next.roundName}`;
  const opponent = next.opponent ? `vs ${next.opponent}` : 'Opponent: TBD';
  let when = 'Start time to be announced.';
  if (next.status === 'live') when = 'Live now: head to your court.';
  else if (next.startTime && !Number.isNaN(new Date(next.startTime).getTime())) when = `Starts ${shortTime(next.startTime, now)}.`;
  return { title, details: `${opponent}. ${when}` };
}
