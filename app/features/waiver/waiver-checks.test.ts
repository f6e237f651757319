import { describe, expect, it } from 'vitest';
import { firstWaiverProblem, isMinor, isTooYoung, type WaiverFormState } from './waiver-checks.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const complete: WaiverFormState = {
  agreed: true,
  emergencyContactName: 'Sam Rivers',
  emergencyContactPhone: '(404) 555-0199',
  hasSignature: true,
  dateOfBirth: '1990-05-01',
  parentGuardianName: '',
  parentGuardianEmail: '',
  hasGuardianSignature: false,
};
const title = (state: Partial<WaiverFormState>) => {
  const problem = firstWaiverProblem({ ...complete, ...state }, NOW);
  return problem?.kind === 'toast' ? problem.title : (problem?.message ?? null);
};

describe('firstWaiverProblem (000 s5, s8)', () => {
  it('reports the checks in the order of the specification', () => {
    const empty: WaiverFormState = {
      agreed: false,
      emergencyContactName: '',
      emergencyContactPhone: '',
      hasSignature: false,
      dateOfBirth: '',
      parentGuardianName: '',
      parentGuardianEmail: '',
      hasGuardianSignature: false,
    };
    const seen: (string | null)[] = [];
    let state = { ...empty };
    const steps: Partial<WaiverFormState>[] = [
      { agreed: true },
      { emergencyContactName: 'Sam', emergencyContactPhone: '555 0100 22' },
      { hasSignature: true },
      { dateOfBirth: '2011-09-15' },
      { parentGuardianName: 'Pat', parentGuardianEmail: 'pat@example.test' },
      { hasGuardianSignature: true },
    ];
    seen.push(title(state));
    for (const step of steps) {
      state = { ...state, ...step };
      seen.push(title(state));
    }
    expect(seen).toEqual([
      'Agreement Required',
      'Emergency Contact Required',
      'Signature Required',
      'Date of birth is required',
      'Parent/Guardian Information Required',
      'Parent/Guardian Signature Required',
      null,
    ]);
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
