import { describe, expect, it } from 'vitest';
import { parseSocialLinks } from './site-links.ts';

describe('parseSocialLinks', () => {
  it('reads labelled https links and drops anything else', () => {
    expect(
      parseSocialLinks(
        'Instagram=https://www.instagram.com/league, X = https://x.com/league ,Bad=http://insecure.example,=https://nolabel.example,Junk',
      ),
    ).toEqual([
      { label: 'Instagram', href: 'https://www.instagram.com/league' },
      { label: 'X', href: 'https://x.com/league' },
    ]);
    expect(parseSocialLinks(undefined)).toEqual([]);
    expect(parseSocialLinks('')).toEqual([]);
  });
});
