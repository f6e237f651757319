import type { HostedTournament } from '../../../edge/features/hosting/schema.ts';
import { HOST_DEFAULTS } from '../../../edge/features/hosting/schema.ts';

/**
 * The host form's values as the inputs hold them (text), and the payload of POST /api/tournaments/host and the
 * manager's create and edit (001 s7: numbers, and dates as ISO texts). Pure, so the rules are unit-tested.
 */
export interface HostFormValues {
  title: string;
  description: string;
  sport: string;
  division: string;
  format: string;
  /** datetime-local text in the viewer's zone ("2026-12-05T18:00"). */
  startDate: string;
  endDate: string;
  venueName: string;
  venueAddress: string;
  location: string;
  buyIn: string;
  prizePool: string;
  winnerSplit: string;
  charitySplit: string;
  wtaSplit: string;
  maxPlayers: string;
  maxTeams: string;
  teamSize: string;
  flyerUrl: string;
  rules: string;
  requirements: string;
  /** D39: entrants check in before the start (on by default). */
  checkIn: boolean;
}

/** The form's text inputs (check-in is its one switch). */
export type HostFormField = Exclude<keyof HostFormValues, 'checkIn'>;

/** 001 s9: buy-in 25, 16 players, splits 30 / 15 / 55, format Single Elimination, division Open. */
export function defaultHostForm(): HostFormValues {
  return {
    title: '',
    description: '',
    sport: '',
    division: 'open',
    format: 'single-elimination',
    startDate: '',
    endDate: '',
    venueName: '',
    venueAddress: '',
    location: '',
    buyIn: String(HOST_DEFAULTS.buyIn),
    prizePool: '',
    winnerSplit: String(HOST_DEFAULTS.winnerSplit),
    charitySplit: String(HOST_DEFAULTS.charitySplit),
    wtaSplit: String(HOST_DEFAULTS.wtaSplit),
    maxPlayers: String(HOST_DEFAULTS.maxPlayers),
    maxTeams: '',
    teamSize: '',
    flyerUrl: '',
    rules: '',
    requirements: '',
    checkIn: true,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the viewer's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the viewer's zone) as an ISO instant; '' stays '' (the server says it is required). */
export function fromLocalInput(value: string): string {
  if (!value.trim()) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** Text to a number for the payload: '' is "not given" (null), anything unreadable goes as is for the server to refuse. */
function numberOrNull(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
}

/** The JSON body the API takes. Required numbers left empty are sent as null, which the schema refuses by name. */
export function toHostPayload(values: HostFormValues) {
  return {
    title: values.title,
    description: values.description,
    sport: values.sport,
    division: values.division,
    format: values.format,
    startDate: fromLocalInput(values.startDate),
    endDate: fromLocalInput(values.endDate) || null,
    venueName: values.venueName,
    venueAddress: values.venueAddress,
    location: values.location,
    buyIn: numberOrNull(values.buyIn),
    prizePool: numberOrNull(values.prizePool),
    winnerSplit: numberOrNull(values.winnerSplit),
    charitySplit: numberOrNull(values.charitySplit),
    wtaSplit: numberOrNull(values.wtaSplit),
    maxPlayers: numberOrNull(values.maxPlayers),
    maxTeams: numberOrNull(values.maxTeams),
    teamSize: numberOrNull(values.teamSize),
    flyerUrl: values.flyerUrl.trim() || null,
    rules: values.rules,
    requirements: values.requirements,
    checkIn: values.checkIn,
  };
}

/** The form filled with a tournament, for the manager's edit. */
export function hostFormOf(t: HostedTournament): HostFormValues {
  const splits = t.prizeDistribution;
  return {
    title: t.title,
    description: t.description ?? '',
    sport: t.sport ?? '',
    division: t.division ?? 'open',
    format: t.format,
    startDate: toLocalInput(t.startDate),
    endDate: toLocalInput(t.endDate),
    venueName: t.venueName ?? t.location ?? '',
    venueAddress: t.venueAddress ?? '',
    location: t.location ?? '',
    buyIn: String(t.buyIn),
    prizePool: String(t.prizePool),
    winnerSplit: String(splits?.winner ?? HOST_DEFAULTS.winnerSplit),
    charitySplit: String(splits?.charity ?? HOST_DEFAULTS.charitySplit),
    wtaSplit: String(splits?.wta ?? HOST_DEFAULTS.wtaSplit),
    maxPlayers: t.maxPlayers === null ? '' : String(t.maxPlayers),
    maxTeams: t.maxTeams === null ? '' : String(t.maxTeams),
    teamSize: t.maxTeams === null ? '' : String(t.teamSize),
    flyerUrl: t.flyerUrl ?? '',
    rules: t.rules ?? '',
    requirements: t.requirements ?? '',
    checkIn: t.checkIn,
  };
}

/** The automatic prize pool shown while the field is empty (001 s9), or null when buy-in or capacity is unreadable. */
export function previewPrizePool(values: Pick<HostFormValues, 'buyIn' | 'maxPlayers' | 'maxTeams'>): number | null {
  const buyIn = Number(values.buyIn);
  const capacity = Number(values.maxTeams.trim() ? values.maxTeams : values.maxPlayers);
  if (!values.buyIn.trim() || !Number.isInteger(buyIn) || buyIn < 0 || !Number.isInteger(capacity) || capacity < 0) {
    return null;
  }
  return Math.floor((buyIn * capacity * 8) / 10);
}

/** Sum of the three splits as typed (NaN parts count as 0), for the running total under them. */
export function splitTotal(values: Pick<HostFormValues, 'winnerSplit' | 'charitySplit' | 'wtaSplit'>): number {
  return [values.winnerSplit, values.charitySplit, values.wtaSplit].reduce((sum, text) => {
    const n = Number(text);
    return sum + (Number.isFinite(n) ? n : 0);
  }, 0);
}
