import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/users.ts';
import type { CurrentUser } from '../../lib/current-user.ts';
import { pngDataUrl } from '../../test/png.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { member, signWaiver, type Member } from '../payments/test-helpers.ts';
import type { PlayerProfile } from '../profiles/schema.ts';
import {
  PROFILE_DIVISIONS,
  PROFILE_EDIT_MESSAGES as M,
  PROFILE_LIMITS,
  US_STATES,
  type EditableProfile,
} from './schema.ts';

// GET and PATCH /api/profile (001 s5, s7; D7, D29, D36) against a real migrated database: every message, the
// waiver's lock on the date of birth, the divisions rule, and that a refused request changes nothing.

const NOW = new Date('2026-11-21T12:00:00Z');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function row(id: string) {
  const [user] = await t.db.select().from(users).where(eq(users.id, id));
  return user!;
}

/** A member with no waiver (unless asked), so their date of birth may still change. */
const someone = (options: Parameters<typeof member>[1] = {}) => member(t, { waiver: false, ...options });

const fullProfile = {
  firstName: '  Jasmine ',
  lastName: ' Carter',
  tagline: 'Buckets on buckets.',
  city: 'Atlanta',
  state: 'GA',
  sport: 'basketball',
  bio: 'Point guard from the west side.',
  height: `5'9"`,
  weight: 148,
  divisions: ['Slap Division', '1v1 Basketball'],
  bestDivision: '1v1 Basketball',
  highlightUrls: [' https://youtu.be/dQw4w9WgXcQ ', 'https://vimeo.com/76979871'],
  dateOfBirth: '1997-06-14',
};

describe('PATCH /api/profile', () => {
  it('saves every field and answers the current user as GET /api/auth/user does; the public profile shows it', async () => {
    const me = await someone();
    const res = await me.agent.patch('/api/profile', fullProfile);
    expect(res.status).toBe(200);
    const answered = await json<CurrentUser>(res);
    expect(answered).toEqual(await json<CurrentUser>(await me.agent.get('/api/auth/user')));
    expect(answered).toMatchObject({
      id: me.id,
      firstName: 'Jasmine',
      lastName: 'Carter',
      tagline: 'Buckets on buckets.',
      city: 'Atlanta',
      state: 'GA',
      sport: 'basketball',
      dateOfBirth: '1997-06-14',
    });

    const editable = await json<EditableProfile>(await me.agent.get('/api/profile'));
    expect(editable).toEqual({
      firstName: 'Jasmine',
      lastName: 'Carter',
      profileImageUrl: null,
      tagline: 'Buckets on buckets.',
      city: 'Atlanta',
      state: 'GA',
      sport: 'basketball',
      bio: 'Point guard from the west side.',
      height: `5'9"`,
      weight: 148,
      // Stored in the list's order, whatever order the form sent.
      divisions: ['1v1 Basketball', 'Slap Division'],
      bestDivision: '1v1 Basketball',
      highlightUrls: ['https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/76979871'],
      dateOfBirth: '1997-06-14',
      dateOfBirthLocked: false,
    });

    const pub = await json<PlayerProfile>(await t.request(`/api/players/${me.id}/profile`));
    expect(pub).toMatchObject({
      firstName: 'Jasmine',
      bio: 'Point guard from the west side.',
      height: `5'9"`,
      weight: 148,
      divisions: ['1v1 Basketball', 'Slap Division'],
      bestDivision: '1v1 Basketball',
      highlightUrls: ['https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/76979871'],
    });
    expect(pub.highlights.map((h) => h.provider)).toEqual(['youtube', 'vimeo']);
  });

  it('changes only the fields it is given; blank optional fields clear, and so does null', async () => {
    const me = await someone();
    await me.agent.patch('/api/profile', fullProfile);
    const before = await row(me.id);
    const res = await me.agent.patch('/api/profile', { tagline: '   ', bio: null, weight: '', height: '', state: '' });
    expect(res.status).toBe(200);
    expect(await row(me.id)).toEqual({ ...before, tagline: null, bio: null, weight: null, height: null, state: null });
    // Nothing at all is no change, answered with the member as they are.
    const empty = await me.agent.patch('/api/profile', {});
    expect(empty.status).toBe(200);
    expect((await json<CurrentUser>(empty)).firstName).toBe('Jasmine');
    expect(await row(me.id)).toEqual({ ...before, tagline: null, bio: null, weight: null, height: null, state: null });
  });

  it('reads a weight typed as digits as the number, and stores the trimmed texts', async () => {
    const me = await someone();
    expect((await me.agent.patch('/api/profile', { weight: ' 180 ', city: '  Decatur  ' })).status).toBe(200);
    expect(await row(me.id)).toMatchObject({ weight: 180, city: 'Decatur' });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an empty first name', { firstName: '' }, M.firstNameRequired],
    ['a blank first name', { firstName: '   ' }, M.firstNameRequired],
    ['a null first name', { firstName: null }, M.firstNameRequired],
    ['an empty last name', { lastName: ' ' }, M.lastNameRequired],
    ['a long first name', { firstName: 'x'.repeat(81) }, M.firstNameTooLong],
    ['a 301-character bio', { bio: 'b'.repeat(301) }, M.bioTooLong],
    ['weight 0', { weight: 0 }, M.weight],
    ['weight -1', { weight: -1 }, M.weight],
    ['weight 1.5', { weight: 1.5 }, M.weight],
    ["weight 'abc'", { weight: 'abc' }, M.weight],
    ["weight '1.5'", { weight: '1.5' }, M.weight],
    ['weight 1001', { weight: 1001 }, M.weightTooHigh],
    ['a state that is no US state', { state: 'XX' }, M.state],
    ['a state by its name', { state: 'Georgia' }, M.state],
    ['a sport the league does not play', { sport: 'chess' }, M.sport],
    ['a division not on the list', { divisions: ['1v1 Basketball', 'Chess'] }, M.division],
    ['divisions that are not a list', { divisions: '1v1 Basketball' }, M.division],
    ['a best division not on the list', { bestDivision: 'Chess' }, M.division],
    [
      'a best division outside the chosen divisions',
      { divisions: ['Flag Football'], bestDivision: '1v1 Basketball' },
      M.bestDivisionNotChosen,
    ],
    ['an http highlight link', { highlightUrls: ['http://www.youtube.com/watch?v=dQw4w9WgXcQ'] }, M.highlightLink],
    ['a highlight link to another site', { highlightUrls: ['https://example.com/clip.mp4'] }, M.highlightLink],
    ['a YouTube page that is no video', { highlightUrls: ['https://www.youtube.com/feed/trending'] }, M.highlightLink],
    ['a blank highlight link', { highlightUrls: ['  '] }, M.highlightLink],
    [
      'more highlight links than allowed',
      { highlightUrls: Array.from({ length: 7 }, (_, i) => `https://vimeo.com/${1000 + i}`) },
      M.tooManyHighlights,
    ],
    ['a long tagline', { tagline: 't'.repeat(141) }, M.taglineTooLong],
    ['a long height', { height: 'h'.repeat(21) }, M.heightTooLong],
    ['a number as a city', { city: 42 }, M.notText],
    ['a date of birth that is no date', { dateOfBirth: 'June 14' }, M.dateOfBirth],
    ['30 February', { dateOfBirth: '2000-02-30' }, M.dateOfBirthInvalid],
    ['a date of birth tomorrow', { dateOfBirth: '2026-11-22' }, M.dateOfBirthInvalid],
    ['a date of birth 130 years ago', { dateOfBirth: '1896-01-01' }, M.dateOfBirthTooOld],
  ])('refuses %s with 400 and its message, and changes nothing', async (_, body, message) => {
    const me = await someone();
    await me.agent.patch('/api/profile', fullProfile);
    const before = await row(me.id);
    // A valid change beside the bad one is not saved either.
    const res = await me.agent.patch('/api/profile', { tagline: 'Changed', ...body });
    expect(res.status).toBe(400);
    expect((await json<{ message: string }>(res)).message).toBe(message);
    expect(await row(me.id)).toEqual(before);
  });

  it('names the field of each refusal, so the form shows it there', async () => {
    const me = await someone();
    const res = await me.agent.patch('/api/profile', {
      firstName: '',
      bio: 'b'.repeat(301),
      highlightUrls: ['https://vimeo.com/1', 'http://vimeo.com/2'],
    });
    const body = await json<{ errors: Record<string, string[]> }>(res);
    expect(body.errors).toEqual({
      firstName: [M.firstNameRequired],
      bio: [M.bioTooLong],
      'highlightUrls.1': [M.highlightLink],
    });
  });

  it('accepts the bounds themselves: a 300-character bio, 1000 lbs, six links', async () => {
    const me = await someone();
    const links = Array.from({ length: PROFILE_LIMITS.highlights }, (_, i) => `https://vimeo.com/${1000 + i}`);
    const res = await me.agent.patch('/api/profile', { bio: 'b'.repeat(300), weight: 1000, highlightUrls: links });
    expect(res.status).toBe(200);
    expect(await row(me.id)).toMatchObject({ bio: 'b'.repeat(300), weight: 1000, highlightUrls: links });
  });

  it('keeps each highlight link once and accepts every state of the list', async () => {
    const me = await someone();
    const link = 'https://www.twitch.tv/videos/123456789';
    await me.agent.patch('/api/profile', { highlightUrls: [link, ` ${link}`] });
    expect((await row(me.id)).highlightUrls).toEqual([link]);
    expect(US_STATES).toHaveLength(50);
    for (const { code } of US_STATES) {
      expect((await me.agent.patch('/api/profile', { state: code })).status).toBe(200);
    }
    expect((await row(me.id)).state).toBe('WY');
  });

  it('checks a best division sent alone against the stored divisions', async () => {
    const me = await someone();
    await me.agent.patch('/api/profile', { divisions: ['Flag Football', 'Slap Division'] });
    const before = await row(me.id);
    const refused = await me.agent.patch('/api/profile', { bestDivision: '1v1 Basketball', city: 'Macon' });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toEqual({
      message: M.bestDivisionNotChosen,
      errors: { bestDivision: [M.bestDivisionNotChosen] },
    });
    expect(await row(me.id)).toEqual(before);

    expect((await me.agent.patch('/api/profile', { bestDivision: 'Slap Division' })).status).toBe(200);
    expect((await row(me.id)).bestDivision).toBe('Slap Division');
    // With no divisions stored, no best division can be chosen.
    const other = await someone();
    expect((await other.agent.patch('/api/profile', { bestDivision: 'Flag Football' })).status).toBe(400);
    // Clearing it is always allowed.
    expect((await other.agent.patch('/api/profile', { bestDivision: null })).status).toBe(200);
  });

  it('keeps the stored best division while it is still among the divisions sent, and clears it otherwise', async () => {
    const me = await someone();
    await me.agent.patch('/api/profile', {
      divisions: ['Flag Football', 'Slap Division'],
      bestDivision: 'Slap Division',
    });
    await me.agent.patch('/api/profile', { divisions: ['Slap Division', 'Slip & Slide Kickball'] });
    expect(await row(me.id)).toMatchObject({
      divisions: ['Slip & Slide Kickball', 'Slap Division'],
      bestDivision: 'Slap Division',
    });
    await me.agent.patch('/api/profile', { divisions: ['Flag Football'] });
    expect(await row(me.id)).toMatchObject({ divisions: ['Flag Football'], bestDivision: null });
    await me.agent.patch('/api/profile', { divisions: ['Flag Football'], bestDivision: 'Flag Football' });
    await me.agent.patch('/api/profile', { divisions: [] });
    expect(await row(me.id)).toMatchObject({ divisions: [], bestDivision: null });
  });

  it('never changes the role, points, verification or e-mail, whatever the body says', async () => {
    const me = await someone();
    const before = await row(me.id);
    const res = await me.agent.patch('/api/profile', {
      role: 'admin',
      wtaPoints: 99999,
      isVerified: true,
      email: 'taken@example.test',
      wins: 50,
      profileImageUrl: '/uploads/someone-else.jpg',
      city: 'Athens',
    });
    expect(res.status).toBe(200);
    expect(await row(me.id)).toEqual({ ...before, city: 'Athens' });
  });

  it('refuses guests with 401 and changes nothing; a member changes only their own row', async () => {
    const me = await someone();
    const other = await someone();
    const before = await row(other.id);
    const guest = await t.request('/api/profile', {
      method: 'PATCH',
      body: JSON.stringify({ firstName: 'Guest' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ message: 'Unauthorized' });
    expect((await t.request('/api/profile')).status).toBe(401);
    // A body naming another member's id changes the caller, never them.
    await me.agent.patch('/api/profile', { id: other.id, firstName: 'Mine' });
    expect(await row(other.id)).toEqual(before);
    expect((await row(me.id)).firstName).toBe('Mine');
    // A signed-out agent is a guest again.
    await me.agent.logout();
    expect((await me.agent.patch('/api/profile', { firstName: 'Gone' })).status).toBe(401);
    expect((await row(me.id)).firstName).toBe('Mine');
  });

  it('refuses a body that is not JSON with 400', async () => {
    const me = await someone();
    const res = await me.agent.patch('/api/profile', '{"firstName":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await json<{ message: string }>(res)).toHaveProperty('message');
  });
});

describe('the date of birth (D7, D36)', () => {
  it('changes freely until a waiver is signed through POST /api/waivers; then only the stored date is accepted', async () => {
    const me = await someone();
    expect((await me.agent.patch('/api/profile', { dateOfBirth: '1999-01-02' })).status).toBe(200);
    expect((await me.agent.patch('/api/profile', { dateOfBirth: '1999-01-03' })).status).toBe(200);
    expect((await json<EditableProfile>(await me.agent.get('/api/profile'))).dateOfBirthLocked).toBe(false);

    const signed = await me.agent.post('/api/waivers', {
      type: 'liability',
      agreed: true,
      signerName: 'Pat Member',
      signatureData: pngDataUrl(),
      emergencyContactName: 'Sam Member',
      emergencyContactPhone: '(404) 555-0199',
    });
    expect(signed.status).toBe(201);
    const editable = await json<EditableProfile>(await me.agent.get('/api/profile'));
    expect(editable).toMatchObject({ dateOfBirth: '1999-01-03', dateOfBirthLocked: true });

    const before = await row(me.id);
    for (const dateOfBirth of ['1999-01-04', null, '']) {
      const res = await me.agent.patch('/api/profile', { dateOfBirth, firstName: 'Changed' });
      expect(res.status).toBe(403);
      expect(await json(res)).toEqual({ message: M.dateOfBirthLocked, errors: { dateOfBirth: [M.dateOfBirthLocked] } });
      expect(await row(me.id)).toEqual(before);
    }
    // The form sends the date it shows: the same date is no change and the rest is saved.
    const same = await me.agent.patch('/api/profile', { dateOfBirth: '1999-01-03', firstName: 'Changed' });
    expect(same.status).toBe(200);
    expect(await row(me.id)).toMatchObject({ dateOfBirth: '1999-01-03', firstName: 'Changed' });
  });

  it('locks a date set by the waiver itself, and locks for any waiver version', async () => {
    const me = await someone();
    await t.db.update(users).set({ dateOfBirth: '2001-05-05' }).where(eq(users.id, me.id));
    await signWaiver(t, me.id, '2024-01');
    const res = await me.agent.patch('/api/profile', { dateOfBirth: '2001-05-06' });
    expect(res.status).toBe(403);
    expect((await row(me.id)).dateOfBirth).toBe('2001-05-05');
  });

  it('lets a member with no waiver clear their date of birth, and checks a date against the clock', async () => {
    const me = await someone();
    await me.agent.patch('/api/profile', { dateOfBirth: '2012-03-01' });
    expect((await row(me.id)).dateOfBirth).toBe('2012-03-01');
    expect((await me.agent.patch('/api/profile', { dateOfBirth: '' })).status).toBe(200);
    expect((await row(me.id)).dateOfBirth).toBeNull();
    // Today is a date in the past enough; tomorrow (by the injected clock) is not.
    expect((await me.agent.patch('/api/profile', { dateOfBirth: '2026-11-21' })).status).toBe(200);
    t.setNow('2026-11-20T12:00:00Z');
    expect((await me.agent.patch('/api/profile', { dateOfBirth: '2026-11-21' })).status).toBe(400);
  });

  it('reads the waiver check from the waivers index, not by scanning waivers', async () => {
    const plan = await t.client.execute({
      sql: 'explain query plan select exists (select 1 from waivers where user_id = ?)',
      args: ['someone'],
    });
    const details = plan.rows.map((r) => String(r.detail));
    expect(details.some((d) => /USING COVERING INDEX waivers_user_type_version_uq/.test(d))).toBe(true);
    expect(details.some((d) => /^SCAN waivers$/.test(d))).toBe(false);
  });
});

describe('validation properties', () => {
  it('accepts a weight exactly when it is a whole number of pounds from 1 to the limit', async () => {
    const me: Member = await someone();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer({ min: -5, max: PROFILE_LIMITS.weight + 5 }),
          fc.double({ noNaN: true, noDefaultInfinity: true, min: -10, max: 2000 }),
          fc.string({ maxLength: 6 }),
        ),
        async (weight) => {
          const res = await me.agent.patch('/api/profile', { weight });
          const asNumber = typeof weight === 'string' && /^\s*\d+\s*$/.test(weight) ? Number(weight) : weight;
          const blank = typeof weight === 'string' && weight.trim() === '';
          const valid =
            blank || (typeof asNumber === 'number' && Number.isInteger(asNumber) && asNumber >= 1 && asNumber <= 1000);
          expect(res.status).toBe(valid ? 200 : 400);
          if (valid) expect((await row(me.id)).weight).toBe(blank ? null : asNumber);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('accepts highlight links only when they are https links to a YouTube, Twitch or Vimeo video', async () => {
    const me: Member = await someone();
    const youtubeId = fc.stringMatching(/^[A-Za-z0-9_-]{11}$/);
    const valid = fc.oneof(
      youtubeId.map((id) => `https://www.youtube.com/watch?v=${id}`),
      youtubeId.map((id) => `https://youtu.be/${id}`),
      fc.integer({ min: 1, max: 2 ** 31 }).map((n) => `https://vimeo.com/${n}`),
      fc.integer({ min: 1, max: 2 ** 31 }).map((n) => `https://www.twitch.tv/videos/${n}`),
    );
    const invalid = fc.oneof(
      valid.map((link) => link.replace('https://', 'http://')),
      valid.map((link) => link.replace(/\/\/(?:www\.)?[^/]+/, '//video.example.com')),
      fc.webUrl({ validSchemes: ['https'] }).filter((u) => !/youtu|vimeo|twitch/.test(u)),
      fc.string({ maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          valid.map((l) => [l, true] as const),
          invalid.map((l) => [l, false] as const),
        ),
        async ([link, ok]) => {
          const res = await me.agent.patch('/api/profile', { highlightUrls: [link] });
          expect(res.status, link).toBe(ok ? 200 : 400);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('stores the divisions as a set in the list order, whatever subset and order is sent', async () => {
    const me: Member = await someone();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom(...PROFILE_DIVISIONS), { maxLength: 6 }), async (chosen) => {
        expect((await me.agent.patch('/api/profile', { divisions: chosen })).status).toBe(200);
        expect((await row(me.id)).divisions).toEqual(PROFILE_DIVISIONS.filter((d) => chosen.includes(d)));
      }),
      { numRuns: 30 },
    );
  });
});
