import { describe, expect, it } from 'vitest';
import { cancellationOf, hostIdOf, mayManageTournament } from './cancellation-and-host.ts';
import { statusLabels } from './tournament-display.ts';

// The tournament API gains `status: 'cancelled'`, `cancellationReason` and `hostId` with issue 11: the page reads
// them defensively, so an answer without them (or with odd values) changes nothing.
describe('cancellationOf (D33)', () => {
  it('gives the reason of a cancelled tournament', () => {
    expect(cancellationOf({ status: 'cancelled', cancellationReason: ' Venue flooded ' } as never)).toEqual({ reason: 'Venue flooded' });
    expect(cancellationOf({ status: 'cancelled' } as never)).toEqual({ reason: null });
    expect(cancellationOf({ status: 'cancelled', cancellationReason: 42 } as never)).toEqual({ reason: null });
    expect(statusLabels.cancelled).toBe('Cancelled');
  });

  it('is null for every other status', () => {
    for (const status of ['upcoming', 'live', 'completed'] as const) {
      expect(cancellationOf({ status, cancellationReason: 'x' } as never)).toBeNull();
    }
  });
});

describe('mayManageTournament', () => {
  const player = { id: 'u1', isAdmin: false };
  it('lets an admin (D6) and the host manage, nobody else', () => {
    expect(mayManageTournament({}, { id: 'a', isAdmin: true })).toBe(true);
    expect(mayManageTournament({ hostId: 'u1' }, player)).toBe(true);
    expect(mayManageTournament({ hostId: 'u2' }, player)).toBe(false);
    expect(mayManageTournament({}, player)).toBe(false);
    expect(mayManageTournament({ hostId: null }, player)).toBe(false);
    expect(mayManageTournament({ hostId: 'u1' }, null)).toBe(false);
  });

  it('reads the host id only when it is a non-empty string', () => {
    expect(hostIdOf({ hostId: 'u9' })).toBe('u9');
    expect(hostIdOf({ hostId: '' })).toBeNull();
    expect(hostIdOf({ hostId: 7 })).toBeNull();
  });
});
