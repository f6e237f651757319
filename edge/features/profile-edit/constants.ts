/**
 * Edit Profile's plain values (001 s2, s5, s8, s9; D7, D29, D36; ADR 032): the choices, the bounds and the texts the
 * form and PATCH /api/profile share. No zod here, so a screen that only shows them stays small; `schema.ts` holds
 * the validation built on them.
 */

import { ageOn, dateOfBirthMessages, MAX_PLAUSIBLE_AGE } from '../waivers/constants.ts';

/** The 50 US states (001 s2: "state select with all 50 US states"), stored by their USPS code as the seed does. */
export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;

export type UsStateCode = (typeof US_STATES)[number]['code'];
export const US_STATE_CODES = US_STATES.map((s) => s.code) as [UsStateCode, ...UsStateCode[]];

/** 001 s9 "Profile divisions options", in the order the form lists them (and the server stores them). */
export const PROFILE_DIVISIONS = ['1v1 Basketball', 'Flag Football', 'Slip & Slide Kickball', 'Slap Division'] as const;
export type ProfileDivision = (typeof PROFILE_DIVISIONS)[number];

/** The bounds of the form's free-text fields (ADR 032). Bio's 300 is the specification's (001 s5, s9). */
export const PROFILE_LIMITS = {
  /** The same bound as sign-up's (000 s5 register form). */
  name: 80,
  /** The same bound as Choose Your Path's. */
  tagline: 140,
  city: 100,
  bio: 300,
  /** Height is written as the member writes it (6'2", 188 cm): short text, not a number. */
  height: 20,
  /** Pounds; nobody who plays weighs more, and a typo of an extra digit is caught. */
  weight: 1000,
  /** D29 highlight links: enough for a reel, few enough that the profile page stays quick to load. */
  highlights: 6,
  /** A long video address is under 200 characters; 500 leaves room for any query string the sites add. */
  highlightLength: 500,
} as const;

/** The texts of the form and the API. The first five are the specification's (001 s5); the rest say what is wrong. */
export const PROFILE_EDIT_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  bioTooLong: 'Bio must be 300 characters or less',
  firstNameTooLong: `First name must be at most ${PROFILE_LIMITS.name} characters`,
  lastNameTooLong: `Last name must be at most ${PROFILE_LIMITS.name} characters`,
  taglineTooLong: `Tagline must be at most ${PROFILE_LIMITS.tagline} characters`,
  cityTooLong: `City must be at most ${PROFILE_LIMITS.city} characters`,
  heightTooLong: `Height must be at most ${PROFILE_LIMITS.height} characters`,
  notText: 'Please enter text',
  state: 'Please select one of the 50 US states',
  sport: 'Please select a sport',
  weight: 'Weight must be a positive whole number of pounds',
  weightTooHigh: `Weight must be at most ${PROFILE_LIMITS.weight} lbs`,
  division: 'Please choose divisions from the list',
  bestDivisionNotChosen: 'Your best division must be one of the divisions you play',
  highlightLink: 'Highlight links must be https links to a YouTube, Twitch or Vimeo video',
  tooManyHighlights: `You can add at most ${PROFILE_LIMITS.highlights} highlight links`,
  dateOfBirth: 'Date of birth must be a date',
  dateOfBirthInvalid: dateOfBirthMessages.invalid,
  dateOfBirthTooOld: dateOfBirthMessages.tooOld,
  /** D36: a member's own date of birth is fixed once a waiver carries it. */
  dateOfBirthLocked:
    'Your date of birth cannot be changed after you have signed a waiver. Contact the league if it is wrong.',
} as const;

/** 001 s8, s9: the page's toasts. */
export const PROFILE_EDIT_TOASTS = {
  updated: { title: 'Profile Updated', description: 'Your profile has been successfully updated.' },
  updateFailed: { title: 'Update Failed', fallback: 'Failed to update profile.' },
  unauthorized: { title: 'Unauthorized', description: 'Please log in to edit your profile.' },
  noTeam: 'You need to create a team before you can upload a team logo.',
} as const;

/**
 * What is wrong with a date of birth typed on Edit Profile on `now`, or null (D7, ADR 032): a real calendar date, not
 * in the future, and within a plausible age. Unlike the waiver's rule it does not refuse under-13s: the age rules
 * belong to signing, and a true date is what the waiver needs to apply them.
 */
export function dateOfBirthEditProblem(dateOfBirth: string, now: Date): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return PROFILE_EDIT_MESSAGES.dateOfBirth;
  const age = ageOn(dateOfBirth, now);
  if (age === null || Date.parse(`${dateOfBirth}T00:00:00Z`) > now.getTime())
    return PROFILE_EDIT_MESSAGES.dateOfBirthInvalid;
  if (age > MAX_PLAUSIBLE_AGE) return PROFILE_EDIT_MESSAGES.dateOfBirthTooOld;
  return null;
}
