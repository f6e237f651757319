import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROFILE_EDIT_MESSAGES as M, type EditableProfile } from '../../../edge/features/profile-edit/schema.ts';
import {
  changedFields,
  checkProfileForm,
  firstInvalidField,
  formValuesOf,
  highlightLinks,
  serverFieldErrors,
  tabOfField,
} from './profile-form.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

const profile: EditableProfile = {
  firstName: 'Jasmine',
  lastName: 'Carter',
  profileImageUrl: null,
  tagline: null,
  city: 'Atlanta',
  state: 'GA',
  // Outside the four sports the form offers: never sent back unless changed.
  sport: 'soccer',
  bio: null,
  height: null,
  weight: 148,
  divisions: ['1v1 Basketball', 'Slap Division'],
  bestDivision: '1v1 Basketball',
  highlightUrls: [],
  dateOfBirth: '1997-06-14',
  dateOfBirthLocked: false,
};

describe('the edit-profile form', () => {
  it('starts from the stored profile, with one empty highlight row to type into', () => {
    const values = formValuesOf(profile);
    expect(values).toMatchObject({ tagline: '', weight: '148', sport: 'soccer', highlightUrls: [''] });
    expect(changedFields(values, values, false)).toEqual({});
  });

  it('sends only what changed; a reordered set of divisions is no change; blank highlight rows are not sent', () => {
    const initial = formValuesOf(profile);
    const values = {
      ...initial,
      city: 'Decatur',
      divisions: ['Slap Division', '1v1 Basketball'],
      highlightUrls: ['', ' https://youtu.be/dQw4w9WgXcQ ', ''],
    };
    expect(changedFields(initial, values, false)).toEqual({
      city: 'Decatur',
      highlightUrls: ['https://youtu.be/dQw4w9WgXcQ'],
    });
  });

  it('never sends a locked date of birth (D36)', () => {
    const initial = formValuesOf({ ...profile, dateOfBirthLocked: true });
    expect(changedFields(initial, { ...initial, dateOfBirth: '1990-01-01' }, true)).toEqual({});
    expect(changedFields(initial, { ...initial, dateOfBirth: '1990-01-01' }, false)).toEqual({
      dateOfBirth: '1990-01-01',
    });
  });

  it('shows the specification messages under their fields, a highlight link under its own row', () => {
    const initial = formValuesOf(profile);
    const { errors } = checkProfileForm(
      initial,
      {
        ...initial,
        firstName: ' ',
        lastName: '',
        bio: 'b'.repeat(301),
        weight: '1.5',
        highlightUrls: ['https://vimeo.com/1', '', 'http://example.com/x'],
        dateOfBirth: '2026-12-01',
      },
      false,
      NOW,
    );
    expect(errors).toEqual({
      firstName: M.firstNameRequired,
      lastName: M.lastNameRequired,
      bio: M.bioTooLong,
      weight: M.weight,
      'highlightUrls.2': M.highlightLink,
      dateOfBirth: M.dateOfBirthInvalid,
    });
    expect(firstInvalidField(errors)).toBe('firstName');
    expect(tabOfField('dateOfBirth')).toBe('basic');
    expect(tabOfField('highlightUrls.2')).toBe('stats');
  });

  it('refuses a best division outside the chosen ones, as the server does', () => {
    const initial = formValuesOf(profile);
    const { errors } = checkProfileForm(
      initial,
      { ...initial, divisions: ['Flag Football'], bestDivision: 'Slap Division' },
      false,
      NOW,
    );
    expect(errors).toEqual({ bestDivision: M.bestDivisionNotChosen });
  });

  it("reads the server's field messages, a highlight link's index as its row", () => {
    const body = { message: M.highlightLink, errors: { 'highlightUrls.1': [M.highlightLink], bio: [M.bioTooLong] } };
    const error = new Error(`400: ${JSON.stringify(body)}`);
    expect(serverFieldErrors(error, ['https://vimeo.com/1', '', 'https://bad.example'])).toEqual({
      'highlightUrls.2': M.highlightLink,
      bio: M.bioTooLong,
    });
    const locked = new Error(`403: ${JSON.stringify({ message: 'x', errors: { dateOfBirth: ['x'] } })}`);
    expect(serverFieldErrors(locked, [])).toEqual({ dateOfBirth: 'x' });
    expect(serverFieldErrors(new Error('500: oops'), [])).toEqual({});
    expect(serverFieldErrors(new TypeError('Failed to fetch'), [])).toEqual({});
  });

  it('maps every sent link back to the row it was typed in', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ maxLength: 30 })), { maxLength: 8 }),
        (rows) => {
          const { links, rowOf } = highlightLinks(rows);
          expect(links).toHaveLength(rowOf.length);
          links.forEach((link, i) => expect(rows[rowOf[i]!]!.trim()).toBe(link));
          expect(links.every((l) => l !== '')).toBe(true);
        },
      ),
    );
  });
});
