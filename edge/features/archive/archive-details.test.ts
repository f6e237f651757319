import { existsSync, readdirSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit.ts';
import { entrants, payouts } from '../../../db/schema/competition.ts';
import { users } from '../../../db/schema/users.ts';
import { gradient, jpegFile } from '../../test/images.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import { addTournament, json, member, type Member } from '../payments/test-helpers.ts';
import {
  bracketOf,
  playToCompletion,
  tournamentWithPlayers,
  tournamentWithTeams,
} from '../competition/test-helpers.ts';
import {
  ARCHIVE_MESSAGES as M,
  MAX_CHAMPIONSHIP_PHOTOS,
  type ArchiveDetails,
  type ArchiveTournament,
  type ChampionshipPhoto,
  type FinalStandings,
} from './schema.ts';

// The Tournament Archive's details (001 s7, D29) against a real migrated database: full details and final standings as
// the competition engine left them; the admin's or host's replay link and championship photos (D23 images).

let t: TestApp;
let admin: Member;

beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  admin = await member(t, { role: 'admin', email: `boss-${Math.random().toString(36).slice(2)}@wta.local` });
});
afterEach(() => t.cleanup());

const at = (iso: string) => new Date(`${iso}T15:00:00Z`);

async function completed(fields: Parameters<typeof addTournament>[1] = {}) {
  return addTournament(t, { status: 'completed', startDate: at('2026-10-01'), ...fields });
}

async function archive(query = '', agent?: TestAgent) {
  const res = await (agent ?? t).request(`/api/tournaments/archive${query}`);
  return { res, items: res.status === 200 ? ((await res.json()) as ArchiveTournament[]) : [] };
}

/** Starts the tournament as an admin and reports every match (the better seed wins). */
async function play(id: number) {
  await json(await admin.agent.post(`/api/tournaments/${id}/start`));
  return playToCompletion(t, admin, id);
}

function placesFromBracket(bracket: Awaited<ReturnType<typeof bracketOf>>) {
  const main = bracket.filter((m) => m.stage === 'main');
  const final = main.reduce((a, b) => (b.round > a.round ? b : a));
  const third = bracket.find((m) => m.stage === 'third-place')!;
  const loser = (m: typeof final) => (m.winnerId === m.teamA!.id ? m.teamB! : m.teamA!);
  const winner = (m: typeof final) => (m.winnerId === m.teamA!.id ? m.teamA! : m.teamB!);
  return [winner(final), loser(final), winner(third), loser(third)];
}

describe('final standings and full details of a tournament played through the engine', () => {
  it('answers the engine’s four places and MVP, null before completion, 404 for what is not listed', async () => {
    const host = await member(t);
    const { id, players } = await tournamentWithPlayers(t, { n: 6, hostId: host.id, prizePool: 999 });
    await t.db.update(users).set({ isVerified: true, tagline: 'Top seed' }).where(eq(users.id, players[0]!.id));
    expect(await json(await t.request(`/api/tournaments/${id}/final-standings`))).toBeNull();
    expect((await t.request(`/api/tournaments/${id}/full-details`)).status).toBe(404);
    expect((await archive()).items).toEqual([]);

    const bracket = await play(id);
    const standings = await json<FinalStandings>(await t.request(`/api/tournaments/${id}/final-standings`));
    const places = placesFromBracket(bracket);
    expect(
      [standings.winner, standings.runnerUp, standings.thirdPlace, standings.fourthPlace].map((p) => p?.id),
    ).toEqual(places.map((p) => p.userId));
    expect(standings.winner).toMatchObject({
      id: players[0]!.id,
      isVerified: true,
      tagline: 'Top seed',
      firstName: 'Pat',
    });
    // Six entrants, nobody voted: the engine's MVP rule picks from the placed members, whoever it is, it is a member.
    if (standings.mvp) expect(players.map((p) => p.id)).toContain(standings.mvp.id);

    const details = await json<ArchiveDetails>(await t.request(`/api/tournaments/${id}/full-details`));
    expect(details.bracket).toEqual(await bracketOf(t, id));
    expect(details.participantCount).toBe(6);
    expect(details.bracketSize).toBe(8);
    expect(details.format).toBe('Single Elimination');
    expect(details.winner).toMatchObject({ firstName: 'Pat', isVerified: true, tagline: 'Top seed' });
    const paid = await t.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.tournamentId, id), eq(payouts.kind, 'payout')));
    const amount = (place: number) => paid.find((p) => p.place === place)!.amountDollars;
    expect(details.prizeBreakdown).toEqual({ first: amount(1), second: amount(2), third: amount(3) });
    expect(details.prizeBreakdown).toEqual({ first: 499, second: 299, third: 149 });
    expect(details.canManage).toBe(false);
    expect((await json<ArchiveDetails>(await host.agent.get(`/api/tournaments/${id}/full-details`))).canManage).toBe(
      true,
    );
    expect((await json<ArchiveDetails>(await admin.agent.get(`/api/tournaments/${id}/full-details`))).canManage).toBe(
      true,
    );
    const card = (await archive()).items[0]!;
    expect(card).toMatchObject({ id, participantCount: 6, winner: { tagline: 'Top seed' } });

    const pending = await addTournament(t, { status: 'pending' });
    for (const path of ['final-standings', 'full-details']) {
      expect((await t.request(`/api/tournaments/${pending}/${path}`)).status).toBe(404);
      expect((await t.request(`/api/tournaments/999999/${path}`)).status).toBe(404);
      expect((await t.request(`/api/tournaments/abc/${path}`)).status).toBe(404);
    }
  });

  it('names a team entrant by its team (firstName = the team’s name, lastName empty)', async () => {
    const { id, teams } = await tournamentWithTeams(t, { n: 4 });
    const bracket = await play(id);
    const standings = await json<FinalStandings>(await t.request(`/api/tournaments/${id}/final-standings`));
    const places = placesFromBracket(bracket);
    expect(
      [standings.winner, standings.runnerUp, standings.thirdPlace, standings.fourthPlace].map((p) => p?.firstName),
    ).toEqual(places.map((p) => p.name));
    expect(standings.winner).toMatchObject({ id: null, lastName: '', isVerified: false });
    expect(teams.map((x) => x.name)).toContain(standings.winner!.firstName);
    expect((await archive()).items[0]!.winner?.firstName).toBe(standings.winner!.firstName);
    const rows = await t.db.select().from(entrants).where(eq(entrants.tournamentId, id));
    expect((await archive()).items[0]!.participantCount).toBe(rows.length);
  });

  it('shows a minor host’s photo only to signed-in members (D36)', async () => {
    const host = await member(t);
    await t.db
      .update(users)
      .set({ dateOfBirth: '2010-05-05', profileImageUrl: '/uploads/a.jpg', tagline: 'Young host', isVerified: true })
      .where(eq(users.id, host.id));
    const id = await completed({ hostId: host.id, description: 'Youth day' });
    const guest = await json<ArchiveDetails>(await t.request(`/api/tournaments/${id}/full-details`));
    expect(guest.host).toEqual({
      firstName: 'Pat',
      lastName: expect.any(String),
      profileImageUrl: null,
      tagline: 'Young host',
      isVerified: true,
    });
    expect(guest.description).toBe('Youth day');
    const fan = await member(t, { role: 'fan' });
    const seen = await json<ArchiveDetails>(await fan.agent.get(`/api/tournaments/${id}/full-details`));
    expect(seen.host?.profileImageUrl).toBe('/uploads/a.jpg');
  });
});

describe('replay link and championship photos (D29, D23)', () => {
  const YT = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

  it('lets only an admin or the host set a replay, only an allowed https video link, only once completed', async () => {
    const host = await member(t);
    const fan = await member(t, { role: 'fan' });
    const foreignAdmin = await member(t, { role: 'admin', email: 'admin@other-league.example' });
    const id = await completed({ hostId: host.id });
    const upcoming = await addTournament(t, { hostId: host.id });
    const put = (who: Member | null, tid: number, body: unknown) =>
      who
        ? who.agent.put(`/api/tournaments/${tid}/replay`, body)
        : t.request(`/api/tournaments/${tid}/replay`, {
            method: 'PUT',
            body: JSON.stringify(body),
            headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
          });

    expect((await put(null, id, { replayVideoUrl: YT })).status).toBe(401);
    for (const who of [fan, foreignAdmin]) expect((await put(who, id, { replayVideoUrl: YT })).status).toBe(403);
    for (const bad of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)',
      '',
      42,
    ]) {
      const res = await put(host, id, { replayVideoUrl: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(await res.json()).toMatchObject({ message: M.replay });
    }
    const notYet = await put(host, upcoming, { replayVideoUrl: YT });
    expect(notYet.status).toBe(409);
    expect(await notYet.json()).toEqual({ message: M.notCompleted });
    expect((await put(host, 999999, { replayVideoUrl: YT })).status).toBe(404);

    expect(await json(await put(host, id, { replayVideoUrl: YT }))).toEqual({ replayVideoUrl: YT });
    const details = await json<ArchiveDetails>(await t.request(`/api/tournaments/${id}/full-details`));
    expect(details.replayVideoUrl).toBe(YT);
    expect(details.replayEmbedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect((await archive()).items[0]!.replayVideoUrl).toBe(YT);

    expect(await json(await put(admin, id, { replayVideoUrl: null }))).toEqual({ replayVideoUrl: null });
    expect(
      (await json<ArchiveDetails>(await t.request(`/api/tournaments/${id}/full-details`))).replayEmbedUrl,
    ).toBeNull();
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tournament.replay'));
    expect(audit.map((a) => [a.actorId, a.after])).toEqual([
      [host.id, JSON.stringify({ replayVideoUrl: YT })],
      [admin.id, JSON.stringify({ replayVideoUrl: null })],
    ]);
  });

  it('keeps at most 12 photos, lets only an admin or the host add or remove them, and deletes a file nobody references', async () => {
    const host = await member(t);
    const fan = await member(t, { role: 'fan' });
    const id = await completed({ hostId: host.id });
    const upcoming = await addTournament(t, { hostId: host.id });
    const photo = await jpegFile(gradient(16, 16));
    const other = await jpegFile(gradient(24, 12));
    const add = (who: Member, tid: number, bytes = photo) => {
      const form = new FormData();
      form.append('photo', new File([bytes as Uint8Array<ArrayBuffer>], 'p.jpg', { type: 'image/jpeg' }));
      return who.agent.post(`/api/tournaments/${tid}/championship-photos`, form);
    };
    const stored = () => (existsSync(t.config.uploadsDir) ? readdirSync(t.config.uploadsDir) : []);

    expect((await add(fan, id)).status).toBe(403);
    expect((await add(host, upcoming)).status).toBe(409);
    expect(stored()).toEqual([]);
    const bad = new FormData();
    bad.append('photo', new File(['<svg/>'], 'x.jpg', { type: 'image/jpeg' }));
    expect((await host.agent.post(`/api/tournaments/${id}/championship-photos`, bad)).status).toBe(415);

    const added: ChampionshipPhoto[] = [];
    added.push(await json<ChampionshipPhoto>(await add(host, id, other), 201));
    for (let i = 1; i < MAX_CHAMPIONSHIP_PHOTOS; i++)
      added.push(await json<ChampionshipPhoto>(await add(admin, id), 201));
    const full = await add(host, id, other);
    expect(full.status).toBe(409);
    expect(await full.json()).toEqual({ message: M.tooManyPhotos });
    expect(stored()).toHaveLength(2);
    const details = await json<ArchiveDetails>(await t.request(`/api/tournaments/${id}/full-details`));
    expect(details.championshipPhotos).toEqual(added);
    expect((await t.request(added[0]!.url)).headers.get('content-type')).toBe('image/jpeg');

    expect((await fan.agent.delete(`/api/tournaments/${id}/championship-photos/${added[0]!.id}`)).status).toBe(403);
    expect((await host.agent.delete(`/api/tournaments/${upcoming}/championship-photos/${added[0]!.id}`)).status).toBe(
      409,
    );
    expect((await host.agent.delete(`/api/tournaments/${id}/championship-photos/${added[0]!.id}`)).status).toBe(204);
    expect((await host.agent.delete(`/api/tournaments/${id}/championship-photos/${added[0]!.id}`)).status).toBe(404);
    // The other file went with its only photo; the shared one stays while any photo still shows it.
    expect(stored()).toHaveLength(1);
    for (const p of added.slice(1, -1)) await host.agent.delete(`/api/tournaments/${id}/championship-photos/${p.id}`);
    expect(stored()).toHaveLength(1);
    await admin.agent.delete(`/api/tournaments/${id}/championship-photos/${added.at(-1)!.id}`);
    expect(stored()).toEqual([]);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.filter((a) => a.action === 'championshipPhoto.add')).toHaveLength(12);
    expect(actions.filter((a) => a.action === 'championshipPhoto.remove')).toHaveLength(12);
  });
});
