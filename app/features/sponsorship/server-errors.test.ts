import { describe, expect, it } from 'vitest';
import { sponsorshipCheckoutSchema } from '../../../edge/features/payments/schema.ts';
import { fieldErrors } from '../../lib/form-errors.ts';
import { serverFieldErrors } from './server-errors.ts';

describe('serverFieldErrors', () => {
  it('reads the first message per field of a 400 answer', () => {
    const error = new Error(
      '400: {"message":"Invalid email address","errors":{"contactEmail":["Invalid email address","x"],"website":["Invalid website URL"]}}',
    );
    expect(serverFieldErrors(error)).toEqual({ contactEmail: 'Invalid email address', website: 'Invalid website URL' });
  });
  it('finds nothing in other failures', () => {
    expect(serverFieldErrors(new Error('409: {"message":"Conflict"}'))).toEqual({});
    expect(serverFieldErrors(new Error('400: not json'))).toEqual({});
    expect(serverFieldErrors('boom')).toEqual({});
  });
});

describe('the sponsorship form rules (001 s5) as the form shows them', () => {
  it('gives every field its message', () => {
    const result = sponsorshipCheckoutSchema.safeParse({
      tier: 'gold',
      companyName: ' ',
      contactEmail: 'nope',
      contactPhone: '12345',
      website: 'not a url',
      description: 'too short',
      tournamentId: '',
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toEqual({
      companyName: 'Company name is required',
      contactEmail: 'Invalid email address',
      contactPhone: 'Phone number must be at least 10 digits',
      website: 'Invalid website URL',
      description: 'Please provide at least 20 characters about your company',
    });
  });
  it('accepts an empty website and no tournament', () => {
    const result = sponsorshipCheckoutSchema.safeParse({
      tier: 'bronze',
      companyName: 'Acme',
      contactEmail: 'a@b.co',
      contactPhone: '5551234567',
      website: '',
      description: 'We make everything for everyone.',
      tournamentId: '',
    });
    expect(result.success).toBe(true);
    expect(result.data?.tournamentId).toBeUndefined();
    expect(result.data?.website).toBeUndefined();
  });
});
