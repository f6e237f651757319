import { describe, expect, it } from 'vitest';
import { buildTournamentIcs, escapeIcsText, foldIcsLine, formatIcsDate } from './ics.ts';

const encoder = new TextEncoder();
const octets = (line: string) => encoder.encode(line).length;

/** Undoes folding (RFC 5545 3.1): a CRLF followed by one space joins the lines. */
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('formatIcsDate', () => {
  it('writes UTC date-times in the basic format with Z', () => {
    expect(formatIcsDate('2026-11-21T19:05:09.123Z')).toBe('20261121T190509Z');
    expect(formatIcsDate(new Date('2026-01-02T03:04:05-05:00'))).toBe('20260102T080405Z');
  });
});

describe('escapeIcsText', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeIcsText('a\\b;c,d')).toBe('a\\\\b\\;c\\,d');
    expect(escapeIcsText('one\ntwo\r\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
  });
  it('escapes the backslash first so escapes are not doubled', () => {
    expect(escapeIcsText(',')).toBe('\\,');
    expect(escapeIcsText('\\,')).toBe('\\\\\\,');
  });
});

describe('foldIcsLine', () => {
  it('leaves short lines alone', () => {
    expect(foldIcsLine('SUMMARY:Short')).toBe('SUMMARY:Short');
    const exactly75 = `X:${'a'.repeat(73)}`;
    expect(foldIcsLine(exactly75)).toBe(exactly75);
  });

  it('folds long lines at 75 octets with CRLF and one space, and unfolds to the original', () => {
    const line = `DESCRIPTION:${'abcdefghij'.repeat(20)}`;
    const folded = foldIcsLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(2);
    expect(octets(physical[0]!)).toBe(75);
    for (const part of physical.slice(1)) {
      expect(part.startsWith(' ')).toBe(true);
      expect(octets(part)).toBeLessThanOrEqual(75);
    }
    expect(unfold(folded)).toBe(line);
  });

  it('never splits a multi-byte character', () => {
    const line = `SUMMARY:${'é🏀'.repeat(40)}`;
    const folded = foldIcsLine(line);
    for (const part of folded.split('\r\n')) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      // A split inside a UTF-8 sequence would leave a lone surrogate or a replacement character.
      expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    expect(unfold(folded)).toBe(line);
  });
});

describe('buildTournamentIcs', () => {
  const tournament = {
    id: 7,
    title: 'Hoop Kings 1v1 Classic, Vol. 2; Finals',
    description: 'Games to 11.\nWin by two.',
    location: 'Ponce City Courts, Atlanta, GA',
    startDate: '2026-11-21T17:00:00.000Z',
    endDate: null,
  };
  const options = { url: 'https://wta.example/tournaments/7', host: 'wta.example', now: new Date('2026-11-01T08:30:00Z') };
  const ics = buildTournamentIcs(tournament, options);

  it('is a VCALENDAR with one VEVENT and CRLF line endings only', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('has the UID, DTSTAMP, times in UTC and DTEND 8 hours after the start without an end date', () => {
    const lines = unfold(ics).split('\r\n');
    expect(lines).toContain('UID:tournament-7@wta.example');
    expect(lines).toContain('DTSTAMP:20261101T083000Z');
    expect(lines).toContain('DTSTART:20261121T170000Z');
    expect(lines).toContain('DTEND:20261122T010000Z');
  });

  it('uses the end date when there is one', () => {
    const withEnd = buildTournamentIcs({ ...tournament, endDate: '2026-11-21T23:00:00.000Z' }, options);
    expect(unfold(withEnd).split('\r\n')).toContain('DTEND:20261121T230000Z');
  });

  it('escapes the text fields and puts the URL in the description', () => {
    const lines = unfold(ics).split('\r\n');
    expect(lines).toContain('SUMMARY:Hoop Kings 1v1 Classic\\, Vol. 2\\; Finals');
    expect(lines).toContain('LOCATION:Ponce City Courts\\, Atlanta\\, GA');
    expect(lines).toContain('DESCRIPTION:Games to 11.\\nWin by two.\\n\\nhttps://wta.example/tournaments/7');
    expect(lines).toContain('URL:https://wta.example/tournaments/7');
  });

  it('folds every physical line to at most 75 octets', () => {
    const long = buildTournamentIcs({ ...tournament, description: 'x'.repeat(500) }, options);
    for (const line of long.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('leaves LOCATION out when there is none', () => {
    expect(buildTournamentIcs({ ...tournament, location: null }, options)).not.toContain('LOCATION:');
  });
});
