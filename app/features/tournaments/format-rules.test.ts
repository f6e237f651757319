import { describe, expect, it } from 'vitest';
import { hostFormats } from '../../../edge/features/hosting/schema.ts';
import { formatRules } from './format-rules.ts';

describe("the Overview's rules (issue 34)", () => {
  it("keep 000 s9's fixed rules, word for word, for single elimination", () => {
    const rules = formatRules('single-elimination');
    for (const rule of ['single elimination', 'best of 3 until semifinals', 'best of 5 in semifinals and finals', '15-minute break'])
      expect(rules).toContain(rule);
  });

  it('describe every other format by its own rules, never as single elimination', () => {
    for (const format of hostFormats.filter((f) => f !== 'single-elimination')) {
      const rules = formatRules(format);
      expect(rules[0], format).toMatch(new RegExp(`^${format.replace('-', ' ')}: `));
      expect(rules.join(' '), format).not.toMatch(/single elimination(?!-)|lose once/);
      expect(rules, format).toContain('15-minute break');
    }
    expect(formatRules('round-robin')).toContain('best of 3 in every round');
  });
});
