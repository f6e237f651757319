// Teams over HTTP on both hosts (issue 13, D15, D37): an owner's team, a logo stored and served back, an invite a
// free agent accepts, the roster and its roles, and a transfer the new team's owner approves.
import { describe, expect, it } from 'vitest';
import type { TeamInvite } from '../features/team-invites/schema.ts';
import type { TransferRequest } from '../features/transfers/schema.ts';
import { json, member, type Member } from '../features/payments/test-helpers.ts';
import { gradient, pngFile } from '../test/images.ts';
import { eachHost, type Host } from './host.ts';

interface Team {
  id: number;
  name: string;
  tagline: string | null;
  logoUrl: string | null;
}

/** An owner (signed in) and the team they created through the API. */
async function ownerWithTeam(host: Host, name: string): Promise<{ owner: Member; team: Team }> {
  const owner = await member(host, { role: 'owner' });
  const team = await json<Team>(await owner.agent.post('/api/teams', { name: `${name} ${owner.id.slice(0, 6)}` }), 201);
  return { owner, team };
}

/** `player` on `team`: invited by its owner and accepted. */
async function joined(owner: Member, team: Team, player: Member) {
  const invite = await json<TeamInvite>(await owner.agent.post('/api/team-invites', { teamId: team.id, playerId: player.id }), 201);
  return json<TeamInvite>(await player.agent.patch(`/api/team-invites/${invite.id}`, { status: 'accepted' }));
}

eachHost((host) => {
  describe('edge/features/teams/routes.ts', () => {
    it('lets an owner create, rename and brand a team, name its captain and drop a player', async () => {
      const { owner, team } = await ownerWithTeam(host, 'Southside');
      expect(await json<Team[]>(await owner.agent.get('/api/teams/my-teams'))).toEqual([expect.objectContaining({ id: team.id })]);
      expect(await json(await owner.agent.patch(`/api/teams/${team.id}`, { tagline: 'Run it back' }))).toMatchObject({ tagline: 'Run it back' });
      expect((await owner.agent.post('/api/teams', { name: 'A second one' })).status).toBe(409);

      const form = new FormData();
      form.append('logo', new File([(await pngFile(gradient(256, 256))) as Uint8Array<ArrayBuffer>], 'logo.png', { type: 'image/png' }));
      const branded = await json<Team>(await owner.agent.post(`/api/teams/${team.id}/upload-logo`, form));
      expect(branded.logoUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
      expect((await host.request(branded.logoUrl!)).headers.get('content-type')).toBe('image/jpeg');

      const player = await member(host);
      await joined(owner, team, player);
      const roster = await json<{ id: string }[] | { players: { id: string }[] }>(await host.request(`/api/teams/${team.id}/roster`));
      expect(JSON.stringify(roster)).toContain(player.id);
      expect((await owner.agent.patch(`/api/teams/${team.id}/roles`, { captainId: player.id })).status).toBe(200);
      expect((await owner.agent.delete(`/api/teams/${team.id}/roster/${player.id}`)).status).toBe(200);
      expect(JSON.stringify(await json(await host.request(`/api/teams/${team.id}/roster`)))).not.toContain(player.id);
      expect((await player.agent.post('/api/teams', { name: 'Not an owner' })).status).toBe(403);
    });
  });

  describe('edge/features/team-invites/routes.ts', () => {
    it("sends a free agent an owner's invite, which they accept", async () => {
      const { owner, team } = await ownerWithTeam(host, 'Invites');
      const player = await member(host);
      const sent = await json<TeamInvite>(await owner.agent.post('/api/team-invites', { teamId: team.id, playerId: player.id }), 201);
      expect(sent.status).toBe('pending');
      expect((await json<TeamInvite[]>(await player.agent.get('/api/team-invites'))).map((i) => i.id)).toEqual([sent.id]);
      expect(await json(await player.agent.patch(`/api/team-invites/${sent.id}`, { status: 'accepted' }))).toMatchObject({ status: 'accepted' });
      expect(await json(await player.agent.get('/api/player/current-team'))).toMatchObject({ hasTeam: true, team: { id: team.id } });
    });
  });

  describe('edge/features/transfers/routes.ts', () => {
    it("moves a player to another team once that team's owner approves", async () => {
      const from = await ownerWithTeam(host, 'Leaving');
      const to = await ownerWithTeam(host, 'Joining');
      const player = await member(host);
      await joined(from.owner, from.team, player);

      const destinations = await json<{ id: number }[]>(await player.agent.get(`/api/transfers/teams?q=${encodeURIComponent('Joining')}`));
      expect(destinations.map((t) => t.id)).toContain(to.team.id);
      const sent = await json<TransferRequest>(await player.agent.post('/api/transfers', { toTeamId: to.team.id, reason: 'Closer to home' }), 201);
      expect(sent.status).toBe('pending');
      expect((await json<TransferRequest[]>(await to.owner.agent.get('/api/transfers'))).map((r) => r.id)).toEqual([sent.id]);
      expect((await from.owner.agent.patch(`/api/transfers/${sent.id}`, { status: 'approved' })).status).toBe(403);
      expect(await json(await to.owner.agent.patch(`/api/transfers/${sent.id}`, { status: 'approved' }))).toMatchObject({ status: 'approved' });
      expect(await json(await player.agent.get('/api/player/current-team'))).toMatchObject({ hasTeam: true, team: { id: to.team.id } });
    });
  });
});
