import { z } from 'zod';

/**
 * Free text as members type it (issue 34): every schema with a name, a title, a tagline, a message or a reason builds
 * its string from `freeText`, so no field stores text that shows as nothing, or control characters that a screen,
 * a CSV export or a notification would render in its own way. No Hono, no database: the `schema.ts` files the app's
 * forms share import it, so a form refuses what the API refuses, with the same words.
 */

/** C0 and C1 controls (and DEL) other than newline and tab: stripped from multi-line text. */
const CONTROLS_BUT_LINE_AND_TAB = /[^\P{Cc}\n\t]/gu;
/** Every C0 and C1 control (and DEL): stripped from single-line text once its breaks and tabs became spaces. */
const CONTROLS = /\p{Cc}/gu;
/** What breaks a line or jumps to a tab stop: in a single-line field it separates words, so it becomes a space. */
const BREAKS_AND_TABS = /[\n\t\u2028\u2029]/g;

/**
 * A character that draws something: not white space, not a control or format character (zero-width space and
 * joiners, U+2060, U+FEFF, direction marks), not a mark that only combines with a preceding character, not a
 * default-ignorable filler (U+3164 HANGUL FILLER and the like) and not the blank braille pattern.
 */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Bidi embeddings, overrides (U+202A-U+202E) and isolates (U+2066-U+2069): they can make a name read as another. */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** True when `text` has at least one character that draws something. */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text);
}

/**
 * `text` as it is stored: line breaks as `\n`, C0/C1 controls removed (multi-line text keeps newline and tab; a
 * single line gets a space for each break or tab), then trimmed. Idempotent.
 */
export function cleanText(text: string, multiline: boolean): string {
  const lines = text.replace(/\r\n?/g, '\n');
  const kept = multiline
    ? lines.replace(CONTROLS_BUT_LINE_AND_TAB, '')
    : lines.replace(BREAKS_AND_TABS, ' ').replace(CONTROLS, '');
  return kept.trim();
}

export interface FreeTextOptions {
  /** The field as its messages name it: 'First name' gives 'First name must contain visible characters'. */
  label: string;
  /** Messages, descriptions, reasons: keep newline and tab. Otherwise (names, titles, taglines) one line. */
  multiline?: boolean;
  /** Shown as a name (a member's, a team's, a tournament's title): refuses direction overrides and isolates. */
  name?: boolean;
  /** The message for a value that is no string at all (usually the field's "is required"). */
  error?: string;
}

/**
 * A free-text string: refuses text that has characters but none visible ('Tagline must contain visible characters')
 * and, for names, direction overrides; stores it cleaned (`cleanText`) and trimmed. Blank text passes as '', so the
 * caller's `.min()` says it is required, or an optional field reads it as none; length limits chained after this are
 * counted on the cleaned text.
 */
export function freeText({ label, multiline = false, name = false, error }: FreeTextOptions) {
  let schema = z
    .string({ error: error ?? `${label} must be text` })
    .refine((raw) => raw.trim() === '' || hasVisibleCharacter(raw), {
      error: `${label} must contain visible characters`,
      abort: true,
    });
  if (name) {
    schema = schema.refine((raw) => !DIRECTION_CONTROLS.test(raw), {
      error: `${label} must not contain characters that change the text direction`,
      abort: true,
    });
  }
  return schema.overwrite((raw) => cleanText(raw, multiline));
}
