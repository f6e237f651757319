import { describe, expect, it } from 'vitest';
import { firstWaiverProblem, isMinor, isTooYoung, type WaiverFormState } from './waiver-checks.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const complete: WaiverFormState = {
  agreed: true,
  emergencyContactName: 'Sam Rivers',
  emergencyContactPhone: '(404) 555-0199',
  hasSignature: true,
  signerName: 'Sam Rivers',
  dateOfBirth: '1990-05-01',
  parentGuardianName: '',
  parentGuardianEmail: '',
  hasGuardianSignature: false,
};
const title = (state: Partial<WaiverFormState>) => {
  const problem = firstWaiverProblem({ ...complete, ...state }, NOW);
  return problem?.kind === 'toast' ? problem.title : (problem?.message ?? null);
};

/** A 15-year-old's complete form (guardian section filled in). */
const minorComplete: WaiverFormState = {
  ...complete,
  dateOfBirth: '2011-09-15',
  parentGuardianName: 'Pat Rivers',
  parentGuardianEmail: 'pat@example.test',
  hasGuardianSignature: true,
};

describe('firstWaiverProblem (000 s5, s8)', () => {
  it("asks the date of birth first, then the spec's checks in their order", () => {
    const empty: WaiverFormState = {
      agreed: false,
      emergencyContactName: '',
      emergencyContactPhone: '',
      hasSignature: false,
      signerName: 'Sam Rivers',
      dateOfBirth: '',
      parentGuardianName: '',
      parentGuardianEmail: '',
      hasGuardianSignature: false,
    };
    const seen: (string | null)[] = [];
    let state = { ...empty };
    const steps: Partial<WaiverFormState>[] = [
      { dateOfBirth: '2011-09-15' },
      { agreed: true },
      { emergencyContactName: 'Sam', emergencyContactPhone: '555 0100 22' },
      { hasSignature: true },
      { parentGuardianName: 'Pat', parentGuardianEmail: 'pat@example.test' },
      { hasGuardianSignature: true },
    ];
    seen.push(title(state));
    for (const step of steps) {
      state = { ...state, ...step };
      seen.push(title(state));
    }
    expect(seen).toEqual([
      'Date of birth is required',
      'Agreement Required',
      'Emergency Contact Required',
      'Signature Required',
      'Parent/Guardian Information Required',
      'Parent/Guardian Signature Required',
      null,
    ]);
  });

  it('reports the first wrong field in the order the form shows them, whatever else is wrong (every combination)', () => {
    // Form order: each step's wrong value and what it makes the form say.
    const steps: [Partial<WaiverFormState>, string][] = [
      [{ dateOfBirth: '' }, 'Date of birth is required'],
      [{ agreed: false }, 'Agreement Required'],
      [{ emergencyContactName: '' }, 'Emergency Contact Required'],
      [{ emergencyContactPhone: 'call me' }, 'Emergency contact phone must be a phone number'],
      [{ hasSignature: false }, 'Signature Required'],
      [{ signerName: 'S' }, 'Please type your full name'],
      [{ parentGuardianName: '' }, 'Parent/Guardian Information Required'],
      [{ parentGuardianEmail: 'not-an-email' }, 'Parent/guardian e-mail must be a valid address'],
      [{ hasGuardianSignature: false }, 'Parent/Guardian Signature Required'],
    ];
    for (let mask = 0; mask < 1 << steps.length; mask += 1) {
      const wrong = steps.filter((_, i) => mask & (1 << i));
      const state = Object.assign({}, minorComplete, ...wrong.map(([patch]) => patch)) as WaiverFormState;
      const problem = firstWaiverProblem(state, NOW);
      const said = problem?.kind === 'toast' ? problem.title : (problem?.message ?? null);
      expect(said, `wrong: ${wrong.map(([, m]) => m).join(', ')}`).toBe(wrong[0]?.[1] ?? null);
    }
  });

  it('names the field of a shape error, so the form can mark it', () => {
    expect(firstWaiverProblem({ ...complete, emergencyContactPhone: 'call me' }, NOW)).toEqual({
      kind: 'field',
      field: 'emergencyContactPhone',
      message: 'Emergency contact phone must be a phone number',
    });
    expect(firstWaiverProblem({ ...minorComplete, parentGuardianEmail: 'pat@', hasGuardianSignature: false }, NOW)).toEqual({
      kind: 'field',
      field: 'parentGuardianEmail',
      message: 'Parent/guardian e-mail must be a valid address',
    });
  });

  it('needs both emergency contact fields and trims blanks', () => {
    expect(title({ emergencyContactPhone: '   ' })).toBe('Emergency Contact Required');
    expect(title({ emergencyContactName: '' })).toBe('Emergency Contact Required');
  });

  it('refuses impossible and future dates of birth as a field error', () => {
    expect(title({ dateOfBirth: '2001-02-30' })).toBe('Date of birth must be a real date in the past');
    expect(title({ dateOfBirth: '2030-01-01' })).toBe('Date of birth must be a real date in the past');
  });

  it('says a typo like 1890 is too long ago, and refuses under-13s before any guardian data (D7)', () => {
    expect(title({ dateOfBirth: '1890-05-01' })).toBe('Date of birth must be within the last 120 years');
    expect(title({ dateOfBirth: '2014-01-01' })).toBe('You must be at least 13 years old to sign the waiver');
    // Before anything else is asked: an under-13 is stopped before agreeing or signing.
    expect(title({ dateOfBirth: '2014-01-01', agreed: false, hasSignature: false })).toBe(
      'You must be at least 13 years old to sign the waiver',
    );
    expect(isTooYoung('2013-11-22', NOW)).toBe(true);
    expect(isTooYoung('2013-11-21', NOW)).toBe(false);
    expect(isTooYoung('', NOW)).toBe(false);
  });

  it('asks adults for no guardian data', () => {
    expect(title({})).toBeNull();
  });

  it('treats under 18 by calendar date as a minor', () => {
    expect(isMinor('2008-11-22', NOW)).toBe(true);
    expect(isMinor('2008-11-21', NOW)).toBe(false);
    expect(isMinor('', NOW)).toBe(false);
    // Under 13 is not a minor who signs with a guardian: they cannot sign at all.
    expect(isMinor('2014-01-01', NOW)).toBe(false);
  });
});
