import { existsSync, readdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import type { BlobStore } from '../../lib/blobs/blob-store.ts';
import { folderBlobStore } from '../../lib/blobs/folder-store.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import { gradient, jpegFile, pngFile, SVG } from '../../test/images.ts';
import type { MyTeam } from '../teams/schema.ts';
import { IMAGE_MESSAGES as M } from './constants.ts';
import { releaseImage } from './service.ts';

// POST /api/teams/{id}/upload-logo (001 s7, D23): only the team's owner sets its logo; everyone else is refused
// and nothing is stored or changed.

let t: TestApp;
afterEach(() => t.cleanup());

function stored(): string[] {
  return existsSync(t.config.uploadsDir) ? readdirSync(t.config.uploadsDir).sort() : [];
}

function uploadLogo(agent: TestAgent, teamId: number | string, bytes: Uint8Array, field = 'logo') {
  const form = new FormData();
  form.append(field, new File([bytes as Uint8Array<ArrayBuffer>], 'logo.png', { type: 'image/png' }));
  return agent.post(`/api/teams/${teamId}/upload-logo`, form);
}

async function ownerWithTeam(name = 'Heat Check') {
  const owner = await t.member({ role: 'owner' });
  const [row] = await t.db.insert(teams).values({ name, ownerId: owner.id }).returning({ id: teams.id });
  return { ...owner, teamId: row!.id };
}

async function logoOf(teamId: number): Promise<string | null> {
  const [row] = await t.db.select({ logoUrl: teams.logoUrl }).from(teams).where(eq(teams.id, teamId));
  return row!.logoUrl;
}

describe('POST /api/teams/{id}/upload-logo', () => {
  it("sets the owner's team logo and answers the team; a new logo replaces and deletes the old file", async () => {
    t = await createTestApp();
    const owner = await ownerWithTeam();
    const res = await uploadLogo(owner.agent, owner.teamId, await pngFile(gradient(500, 500, 128)));
    expect(res.status).toBe(200);
    const team = (await res.json()) as MyTeam;
    expect(team).toMatchObject({ id: owner.teamId, name: 'Heat Check' });
    expect(team.logoUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
    expect(await logoOf(owner.teamId)).toBe(team.logoUrl);
    const mine = (await (await owner.agent.get('/api/teams/my-teams')).json()) as MyTeam[];
    expect(mine[0]!.logoUrl).toBe(team.logoUrl);
    expect((await t.request(team.logoUrl!)).status).toBe(200);

    const next = (await (
      await uploadLogo(owner.agent, owner.teamId, await jpegFile(gradient(60, 60)))
    ).json()) as MyTeam;
    expect(next.logoUrl).not.toBe(team.logoUrl);
    expect(stored()).toEqual([next.logoUrl!.slice('/uploads/'.length)]);
    expect((await t.request(team.logoUrl!)).status).toBe(404);
  });

  it('refuses another owner, a player, a fan and a guest, and stores and changes nothing', async () => {
    t = await createTestApp();
    const owner = await ownerWithTeam();
    await uploadLogo(owner.agent, owner.teamId, await jpegFile(gradient(30, 30)));
    const before = await logoOf(owner.teamId);
    const filesBefore = stored();
    const logo = await pngFile(gradient(40, 40));

    const rival = await ownerWithTeam('Rivals');
    const player = await t.member({ role: 'player' });
    const fan = await t.member({ role: 'fan' });
    const refusals: [TestAgent, number, string][] = [
      [rival.agent, 403, 'Only the team owner can change this team'],
      [player.agent, 403, 'Team owner access only'],
      [fan.agent, 403, 'Team owner access only'],
      [t.agent(), 401, 'Unauthorized'],
    ];
    for (const [agent, status, message] of refusals) {
      const res = await uploadLogo(agent, owner.teamId, logo);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ message });
    }
    expect(await logoOf(owner.teamId)).toBe(before);
    expect(await logoOf(rival.teamId)).toBeNull();
    expect(stored()).toEqual(filesBefore);
  });

  it('answers 404 for no such team, and refuses a wrong type or a missing field with nothing stored', async () => {
    t = await createTestApp();
    const owner = await ownerWithTeam();
    const missingTeam = await uploadLogo(owner.agent, 999_999, await pngFile(gradient(8, 8)));
    expect(missingTeam.status).toBe(404);
    expect(await missingTeam.json()).toEqual({ message: 'Team not found' });
    const svg = await uploadLogo(owner.agent, owner.teamId, SVG);
    expect(svg.status).toBe(415);
    expect(await svg.json()).toEqual({ message: M.invalidType });
    const wrongField = await uploadLogo(owner.agent, owner.teamId, await pngFile(gradient(8, 8)), 'image');
    expect(wrongField.status).toBe(400);
    expect(stored()).toEqual([]);
    expect(await logoOf(owner.teamId)).toBeNull();
  });

  it('keeps a logo file that a member uses as their picture too', async () => {
    t = await createTestApp();
    const owner = await ownerWithTeam();
    const picture = await pngFile(gradient(50, 50));
    const first = (await (await uploadLogo(owner.agent, owner.teamId, picture)).json()) as MyTeam;
    const form = new FormData();
    form.append('image', new File([picture as Uint8Array<ArrayBuffer>], 'me.png', { type: 'image/png' }));
    expect((await owner.agent.post('/api/profile/upload-image', form)).status).toBe(200);
    await uploadLogo(owner.agent, owner.teamId, await jpegFile(gradient(20, 20)));
    expect((await t.request(first.logoUrl!)).status).toBe(200);
  });
});

describe('releaseImage', () => {
  it('puts a file back when someone takes it up between the reference count and the delete', async () => {
    t = await createTestApp();
    const store = folderBlobStore(t.config.uploadsDir);
    const owner = await ownerWithTeam();
    const team = (await (
      await uploadLogo(owner.agent, owner.teamId, await pngFile(gradient(24, 24)))
    ).json()) as MyTeam;
    const url = team.logoUrl!;
    const key = url.slice('/uploads/'.length);
    // The owner drops the logo; at the moment its file is deleted, another member sets the same picture.
    await t.db.update(teams).set({ logoUrl: null }).where(eq(teams.id, owner.teamId));
    const other = randomUUID();
    await t.db.insert(users).values({ id: other, email: `${other}@example.test`, firstName: 'Ana', lastName: 'Cruz' });
    const racing: BlobStore = {
      ...store,
      async delete(k) {
        await t.db.update(users).set({ profileImageUrl: url }).where(eq(users.id, other));
        await store.delete(k);
      },
    };
    await releaseImage(t.db, racing, url);
    expect(stored()).toEqual([key]);
    expect((await t.request(url)).status).toBe(200);
    // With nobody taking it up, the file goes.
    await t.db.update(users).set({ profileImageUrl: null }).where(eq(users.id, other));
    await releaseImage(t.db, store, url);
    expect(stored()).toEqual([]);
  });
});
