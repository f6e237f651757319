/**
 * PATCH /api/profile (001 s5, s7; D7, D29, D36): the validation the Edit Profile form and the API share, and the
 * editor's view of the member (GET /api/profile). Every field is optional (a PATCH), and every field given is checked.
 */

import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';
import { parseVideoLink } from '../../lib/video-links.ts';
import { profileSports } from '../users/schema.ts';
import { PROFILE_DIVISIONS, PROFILE_EDIT_MESSAGES as M, PROFILE_LIMITS as L, US_STATE_CODES } from './constants.ts';

export * from './constants.ts';

/** An empty or blank answer clears the field. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A required name: cleaned, present, bounded. */
const name = (label: string, required: string, tooLong: string, max: number) =>
  freeText({ label, name: true, error: required }).min(1, { error: required }).max(max, { error: tooLong });

/** Optional free text: cleaned, bounded; blank or null clears it. */
const optionalText = (label: string, max: number, tooLong: string, multiline = false) =>
  z
    .preprocess(
      blankToNull,
      freeText({ label, multiline, error: M.notText }).max(max, { error: tooLong }).nullable(),
    )
    .optional();

/** One of a list, or null to clear; blank clears it too. */
const optionalChoice = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z.preprocess(blankToNull, z.enum(values, { error: message }).nullable()).optional();

/** Whole pounds, or null. The form sends what was typed, so digits in a string are read as the number they spell. */
const weight = z
  .preprocess(
    (value) => {
      const blank = blankToNull(value);
      return typeof blank === 'string' && /^\s*\d+\s*$/.test(blank) ? Number(blank) : blank;
    },
    z
      .number({ error: M.weight })
      .int({ error: M.weight })
      .positive({ error: M.weight })
      .max(L.weight, { error: M.weightTooHigh })
      .nullable(),
  )
  .optional();

/** D29: an https link to a YouTube, Twitch or Vimeo video, as `edge/lib/video-links.ts` reads them. */
export function isHighlightLink(link: string): boolean {
  return link.length <= L.highlightLength && parseVideoLink(link) !== null;
}

const highlightLink = z.string({ error: M.highlightLink }).trim().refine(isHighlightLink, { error: M.highlightLink });

/** The divisions played: each from 001 s9's list, stored once each, in the list's order. */
const divisions = z
  .preprocess(
    (value) => (value === null ? [] : value),
    z.array(z.enum(PROFILE_DIVISIONS, { error: M.division }), { error: M.division }),
  )
  .transform((chosen) => PROFILE_DIVISIONS.filter((d) => chosen.includes(d)))
  .optional();

/** The highlight links: at most PROFILE_LIMITS.highlights, the same link kept once. */
const highlightUrls = z
  .preprocess(
    (value) => (value === null ? [] : value),
    z
      .array(highlightLink, { error: M.highlightLink })
      .max(L.highlights, { error: M.tooManyHighlights })
      .transform((links) => [...new Set(links)]),
  )
  .optional();

/**
 * The body of PATCH /api/profile. Fields it does not name (role, points, verified, e-mail) are dropped, never stored:
 * a role changes only through Choose Your Path (D34). The date of birth is checked here for its shape; whether it is
 * in the past (the clock) and may still change (a waiver, D36) is the service's to decide.
 */
export const profileUpdateSchema = z
  .object({
    firstName: name('First name', M.firstNameRequired, M.firstNameTooLong, L.name).optional(),
    lastName: name('Last name', M.lastNameRequired, M.lastNameTooLong, L.name).optional(),
    tagline: optionalText('Tagline', L.tagline, M.taglineTooLong),
    city: optionalText('City', L.city, M.cityTooLong),
    state: optionalChoice(US_STATE_CODES, M.state),
    sport: optionalChoice(profileSports, M.sport),
    bio: optionalText('Bio', L.bio, M.bioTooLong, true),
    height: optionalText('Height', L.height, M.heightTooLong),
    weight,
    divisions,
    bestDivision: optionalChoice(PROFILE_DIVISIONS, M.division),
    highlightUrls,
    dateOfBirth: z
      .preprocess(
        blankToNull,
        z
          .string({ error: M.dateOfBirth })
          .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.dateOfBirth })
          .nullable(),
      )
      .optional(),
  })
  .superRefine((input, ctx) => {
    // With both in one request the rule is checked here; with bestDivision alone, against the stored divisions.
    if (input.divisions && input.bestDivision && !input.divisions.includes(input.bestDivision)) {
      ctx.addIssue({ code: 'custom', path: ['bestDivision'], message: M.bestDivisionNotChosen });
    }
  });

export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
/** What the form may send (strings as typed). */
export type ProfileUpdateBody = z.input<typeof profileUpdateSchema>;

/** GET /api/profile: the signed-in member's editable fields, and whether their date of birth is locked (D36). */
export interface EditableProfile {
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  tagline: string | null;
  city: string | null;
  /** A USPS code of US_STATES (older rows may hold something else: the form then asks again). */
  state: string | null;
  sport: string | null;
  bio: string | null;
  height: string | null;
  weight: number | null;
  divisions: string[];
  bestDivision: string | null;
  highlightUrls: string[];
  dateOfBirth: string | null;
  /** True once the member has signed a waiver: their date of birth is then read-only (D36). */
  dateOfBirthLocked: boolean;
}
