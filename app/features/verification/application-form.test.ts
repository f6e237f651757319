import { describe, expect, it } from 'vitest';
import { VERIFICATION_MESSAGES as M, type MyApplication } from '../../../edge/features/verification/schema.ts';
import { applicationErrors, applicationInput, applicationState, emptyApplication } from './application-form.ts';

const valid = { ...emptyApplication, applicationReason: 'r'.repeat(50), achievements: 'a'.repeat(30) };

describe('the verification form (001 s5)', () => {
  it('asks for 50 and 30 characters after trimming, with the specification words', () => {
    expect(applicationErrors(emptyApplication)).toEqual({
      applicationReason: M.applicationReason,
      achievements: M.achievements,
    });
    expect(applicationErrors({ ...valid, applicationReason: ` ${'r'.repeat(49)} ` })).toEqual({
      applicationReason: M.applicationReason,
    });
    expect(applicationErrors(valid)).toEqual({});
    expect(applicationErrors({ ...valid, socialMedia: 's'.repeat(501) })).toEqual({
      socialMedia: M.socialMediaTooLong,
    });
  });

  it('sends trimmed text, blank optional fields as null, and the type by role', () => {
    expect(applicationInput({ ...valid, socialMedia: '  @me ', teamAffiliations: ' ' }, 'owner')).toEqual({
      applicationReason: 'r'.repeat(50),
      achievements: 'a'.repeat(30),
      socialMedia: '@me',
      teamAffiliations: null,
      type: 'owner',
    });
    expect(applicationInput(valid, 'fan').type).toBe('player');
  });

  it('reads the state from the newest application', () => {
    const app = (status: MyApplication['status']) => ({ status }) as MyApplication;
    expect(applicationState([])).toEqual({ kind: 'none' });
    expect(applicationState([app('pending'), app('rejected')]).kind).toBe('pending');
    expect(applicationState([app('rejected'), app('approved')]).kind).toBe('rejected');
    expect(applicationState([app('approved')]).kind).toBe('none');
  });
});
