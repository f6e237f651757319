import { describe, expect, it } from 'vitest';
import type { TransferRequest } from './queries.ts';
import { decisionMessage, describeMove, transferStatusLabel } from './transfer-display.ts';

const request: TransferRequest = {
  id: 1,
  reason: null,
  status: 'approved',
  player: { id: 'p', firstName: 'Chris', lastName: 'Williams' },
  fromTeam: { id: 1, name: 'Heat Check' },
  createdAt: '2026-11-21T12:00:00.000Z',
  decidedAt: null,
};

describe('transfer display', () => {
  it('names the move, free agency when there is no team', () => {
    expect(describeMove(request)).toBe('Heat Check to Free Agency');
    expect(describeMove({ ...request, toTeam: { id: 2, name: 'Bay Blitz' } })).toBe('Heat Check to Bay Blitz');
  });

  it('labels every status', () => {
    expect(['pending', 'approved', 'rejected', 'cancelled'].map((s) => transferStatusLabel(s as never))).toEqual([
      'Pending',
      'Approved',
      'Rejected',
      'Cancelled',
    ]);
  });

  it('says what a decision did', () => {
    expect(decisionMessage(request)).toBe('Chris Williams left Heat Check.');
    expect(decisionMessage({ ...request, toTeamId: 2, toTeam: { id: 2, name: 'Bay Blitz' } })).toBe(
      'Chris Williams moved to Bay Blitz.',
    );
    expect(decisionMessage({ ...request, status: 'rejected' })).toBe("Chris Williams's request was rejected.");
  });
});
