// Invisible text through the real API (issue 34): a message, a name and a tagline made only of control or
// zero-width characters, and a name carrying a direction override, are refused with 400 and a message that says what
// is wrong, and nothing is stored.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/messages.ts';
import { teams } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, uniqueEmail, type TestApp, type TestMember } from '../test/app.ts';
import { callWorker, workerEnv } from '../test/worker-host.ts';

// One app for the file: every refusal leaves the database as it was, which is what the tests check.
let t: TestApp;
let sender: TestMember;
let recipient: TestMember;
let owner: TestMember;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  sender = await t.member({ firstName: 'Sam', lastName: 'Sender' });
  recipient = await t.member({ firstName: 'Rae', lastName: 'Recipient' });
  owner = await t.member({ role: 'owner' });
});
afterAll(() => t.cleanup());

const INVISIBLE = { 'U+0000': '\u0000', 'U+0007': '\u0007', 'U+200B': '\u200b' } as const;
const cases = Object.entries(INVISIBLE);

async function refused(res: Response, message: string) {
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toBe(message);
}

const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const sent = async () => (await t.db.select({ n: count() }).from(messages).where(eq(messages.senderId, sender.id)))[0]!.n;
const ownTeams = () => t.db.select().from(teams).where(eq(teams.ownerId, owner.id));

describe('a message', () => {
  it.each(cases)('made of %s alone is refused and not stored', async (_, char) => {
    const res = await sender.agent.post('/api/messages/send', { recipientId: recipient.id, content: `${char}${char}` });
    await refused(res, 'Message must contain visible characters');
    expect(await sent()).toBe(0);
  });

  it('keeps its line breaks and loses its control characters', async () => {
    const res = await sender.agent.post('/api/messages/send', { recipientId: recipient.id, content: 'See\u0007 you\r\nat 6\u0000' });
    expect(res.status).toBeLessThan(300);
    const stored = await t.db.select({ body: messages.body }).from(messages).where(eq(messages.senderId, sender.id));
    expect(stored).toEqual([{ body: 'See you\nat 6' }]);
  });
});

describe('a name', () => {
  it.each(cases)('made of %s alone is refused at sign-up, and no account is made', async (_, char) => {
    const email = uniqueEmail();
    const res = await t.agent().register({ email, firstName: char });
    await refused(res, 'First name must contain visible characters');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it.each(cases)('made of %s alone is refused on Edit Profile, and the name stays', async (_, char) => {
    await refused(await sender.agent.patch('/api/profile', { lastName: char }), 'Last name must contain visible characters');
    expect(await userRow(sender.id)).toMatchObject({ firstName: 'Sam', lastName: 'Sender' });
  });

  it('with U+202E (right-to-left override) is refused for a member and a team, and nothing changes', async () => {
    const direction = 'Last name must not contain characters that change the text direction';
    await refused(await sender.agent.patch('/api/profile', { firstName: 'Sam', lastName: 'Send\u202ereR' }), direction);
    expect(await userRow(sender.id)).toMatchObject({ firstName: 'Sam', lastName: 'Sender' });
    const email = uniqueEmail();
    await refused(await t.agent().register({ email, lastName: '\u202eSender' }), direction);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const team = await owner.agent.post('/api/teams', { name: 'Heat\u202e Check' });
    await refused(team, 'Team name must not contain characters that change the text direction');
    expect(await ownTeams()).toEqual([]);
  });
});

describe('a tagline', () => {
  it.each(cases)('made of %s alone is refused on Choose Your Path, and the profile stays incomplete', async (_, char) => {
    const form = { role: 'player', tagline: char.repeat(3), city: 'Atlanta, GA', sport: 'basketball' };
    await refused(await sender.agent.patch('/api/users/profile', form), 'Tagline must contain visible characters');
    expect(await userRow(sender.id)).toMatchObject({ tagline: null, city: null, profileCompletedAt: null });
  });

  it.each(cases)('made of %s alone is refused for a team, and no team is made', async (_, char) => {
    const res = await owner.agent.post('/api/teams', { name: 'Heat Check', tagline: ` ${char} ` });
    await refused(res, 'Tagline must contain visible characters');
    expect(await ownTeams()).toEqual([]);
  });

  it('is counted after its control characters are stripped (140 letters and some controls fit)', async () => {
    const tagline = `${'a'.repeat(140)}\u0000\u0007\u0000`;
    const res = await recipient.agent.patch('/api/users/profile', { role: 'player', tagline, city: 'Atlanta', sport: 'basketball' });
    expect(res.status).toBe(200);
    expect((await userRow(recipient.id)).tagline).toBe('a'.repeat(140));
  });
});

describe('the Worker host', () => {
  it('refuses an invisible name at sign-up before anything is stored', async () => {
    const body = { email: uniqueEmail(), password: 'long-enough-pass', firstName: '\u200b', lastName: 'Sender' };
    const res = await callWorker(
      new Request('https://league.example/api/register', {
        method: 'POST',
        headers: { origin: 'https://league.example', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
      workerEnv({ PUBLIC_URL: 'https://league.example' }),
    );
    await refused(res, 'First name must contain visible characters');
  });
});
