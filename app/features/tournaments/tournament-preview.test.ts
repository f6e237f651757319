import { describe, expect, it } from 'vitest';
import type { Tournament } from '../../../edge/features/tournaments/schema.ts';
import { tournamentPreview } from './tournament-preview.ts';

const base = {
  id: 7,
  title: 'Hoop Kings 1v1 Classic',
  description: 'Bring your handles.',
  location: 'Atlanta, GA',
  division: 'hoop',
  startDate: '2026-12-05T19:00:00.000Z',
  prizePool: 2000,
  flyerUrl: '/media/flyers/hoop.png',
} as unknown as Tournament;

describe('tournamentPreview', () => {
  it('names the date, place, prize pool and division, then the description, with the flyer', () => {
    const preview = tournamentPreview(base);
    expect(preview.title).toBe('Hoop Kings 1v1 Classic | WTA League');
    expect(preview.description).toContain('Atlanta, GA');
    expect(preview.description).toContain('$2,000 prize pool');
    expect(preview.description).toMatch(/December 5th, 2026 at /);
    expect(preview.description.endsWith('Bring your handles.')).toBe(true);
    expect(preview.image).toBe('/media/flyers/hoop.png');
  });

  it('leaves out what a tournament lacks', () => {
    const preview = tournamentPreview({ ...base, location: null, prizePool: 0, description: null, flyerUrl: null });
    expect(preview.description).not.toContain('prize pool');
    expect(preview.description).not.toContain('null');
    expect(preview.image).toBeNull();
  });
});
