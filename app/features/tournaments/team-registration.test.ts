import { describe, expect, it } from 'vitest';
import { rosterTooSmall, rosterWaiverRefusal } from '../../../edge/features/payments/constants.ts';
import { rosterNote, teamRegistrationRefusal } from './team-registration.ts';

describe('team registration words (D22)', () => {
  it("titles the server's waiver refusal 'Waiver Required' and keeps the names it gives", () => {
    const message = rosterWaiverRefusal(['Ben Rostered', 'Dee Rostered']);
    expect(teamRegistrationRefusal(message)).toEqual({ title: 'Waiver Required', description: message });
    expect(teamRegistrationRefusal('This tournament is full - join the waitlist')).toEqual({
      title: 'Registration Failed',
      description: 'This tournament is full - join the waitlist',
    });
    expect(teamRegistrationRefusal(undefined).title).toBe('Registration Failed');
  });

  it("repeats the server's team-size rule before the press, in the server's words", () => {
    const roster = (n: number) =>
      Array.from({ length: n }, () => ({
        id: 'x',
        firstName: 'A',
        lastName: 'B',
        isVerified: false,
        wtaPoints: 0,
        position: 'player' as const,
      }));
    expect(rosterNote({ name: 'Two Guys', roster: roster(2) }, 3)).toBe(rosterTooSmall('Two Guys', 2, 3));
    expect(rosterNote({ name: 'Trio', roster: roster(3) }, 3)).toBeNull();
  });
});
