// The league's content over HTTP on both hosts: Media Day and its RSVPs (D25), the hero video uploaded into the blob
// store (R2 on the Worker) and streamed back with byte ranges (D23, D24), the blog (D29), and a sponsorship paid
// through Stripe that an admin edits, brands, approves, hides and rejects with a refund (D24).
import { describe, expect, it } from 'vitest';
import type { AdminSponsor } from '../features/sponsor-listings/schema.ts';
import type { BlogPost, BlogPreview } from '../features/blog/schema.ts';
import type { DriveVideo } from '../features/hero-video/videos.ts';
import { addTournament, json, member, type Member } from '../features/payments/test-helpers.ts';
import { leagueAdmin } from '../test/admin-fixtures.ts';
import { gradient, pngFile } from '../test/images.ts';
import { mp4Bytes } from '../test/videos.ts';
import { eachHost } from './host.ts';
import { deliver, paidCheckout, sign } from './stripe.ts';

/** The Media tab's upload: the file's bytes as the body, its name in the query. */
const uploadVideo = async (admin: Member, bytes: Uint8Array<ArrayBuffer>, name: string) =>
  json<DriveVideo>(
    await admin.agent.post(`/api/admin/drive-videos?name=${encodeURIComponent(name)}`, bytes, { headers: { 'content-type': 'video/mp4' } }),
    201,
  );

eachHost((host) => {
  describe('edge/features/media-day/routes.ts', () => {
    it('lets an admin schedule Media Day and edit it; a verified member RSVPs, and the admin lists the RSVPs', async () => {
      const admin = await leagueAdmin(host);
      const event = { name: 'Media Day 2030', date: '2030-06-15', startTime: '09:00', endTime: '18:00', place: 'Studio 4, Atlanta' };
      const created = await json<{ id: number }>(await admin.agent.post('/api/admin/media-day-events', event), 201);
      expect(await json(await admin.agent.patch(`/api/admin/media-day-events/${created.id}`, { ...event, place: 'Studio 5, Atlanta' }))).toMatchObject({ place: 'Studio 5, Atlanta' });

      const verified = await member(host, { verified: true });
      expect(await json(await verified.agent.get('/api/media-day'))).toMatchObject({ event: { id: created.id, place: 'Studio 5, Atlanta' } });
      const rsvp = { sport: 'basketball', purpose: 'Team photos and a highlight interview.', arrivalTime: 'morning', attendeeCount: 3 };
      const saved = await json<{ id: number }>(await verified.agent.post('/api/media-day/rsvp', rsvp), 201);
      expect(await json(await verified.agent.get('/api/media-day/rsvp'))).toMatchObject({ rsvp: { id: saved.id, attendeeCount: 3 } });
      expect((await (await member(host)).agent.get('/api/media-day/rsvp')).status).toBe(403);
      expect(JSON.stringify(await json(await admin.agent.get(`/api/admin/media-day-rsvps?eventId=${created.id}`)))).toContain(verified.id);
    });
  });

  describe('edge/features/hero-video/admin-routes.ts', () => {
    it('uploads a video into the blob store, lists it, and sets it as the hero video', async () => {
      const admin = await leagueAdmin(host);
      const video = await uploadVideo(admin, mp4Bytes(200_000), 'Finals Night');
      expect(video).toMatchObject({ videoName: 'Finals Night', contentType: 'video/mp4', size: 200_000, videoUrl: `/uploads/${video.id}` });
      expect((await json<DriveVideo[]>(await admin.agent.get('/api/admin/drive-videos'))).map((v) => v.id)).toContain(video.id);
      const chosen = await admin.agent.post('/api/admin/hero-video', { videoUrl: video.videoUrl, videoThumbnail: null, videoName: 'Finals Night' });
      expect(chosen.status).toBe(200);
    });
  });

  describe('edge/features/hero-video/routes.ts', () => {
    it('gives the landing page the hero video', async () => {
      const hero = await json<{ videoUrl: string }>(await host.request('/api/hero-video'));
      expect(hero.videoUrl).toMatch(/^\/(media\/hero\.mp4|uploads\/video-[0-9a-f]{32}\.mp4)$/);
    });
  });

  describe('edge/features/hero-video/file-routes.ts', () => {
    it('streams a stored video whole and by byte ranges', async () => {
      const bytes = mp4Bytes(150_000);
      const video = await uploadVideo(await leagueAdmin(host), bytes, 'Warmups');
      const whole = await host.request(video.videoUrl);
      expect([whole.status, whole.headers.get('content-type'), whole.headers.get('accept-ranges')]).toEqual([200, 'video/mp4', 'bytes']);
      expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
      const part = await host.request(video.videoUrl, { headers: { range: 'bytes=100-199' } });
      expect([part.status, part.headers.get('content-range')]).toEqual([206, 'bytes 100-199/150000']);
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
      expect((await host.request(video.videoUrl, { headers: { range: 'bytes=150000-' } })).status).toBe(416);
      expect((await host.request(`/uploads/video-${'0'.repeat(32)}.mp4`)).status).toBe(404);
    });
  });

  describe('edge/features/blog/routes.ts', () => {
    it('drafts a post, previews it, publishes it for readers, and takes it down again', async () => {
      const admin = await leagueAdmin(host);
      const preview = await json<BlogPreview>(await admin.agent.post('/api/admin/blog/preview', { content: 'A **big** weekend.' }));
      expect(preview.html).toContain('<strong>big</strong>');
      const draft = await json<BlogPost>(
        await admin.agent.post('/api/admin/blog/posts', { title: 'Finals recap', category: 'News', content: 'A **big** weekend.' }),
        201,
      );
      expect((await host.request(`/api/blog/posts/${draft.id}`)).status).toBe(404);
      await json(await admin.agent.patch(`/api/admin/blog/posts/${draft.id}`, { title: 'Finals recap', category: 'News', content: 'A **huge** weekend.' }));
      await json(await admin.agent.post(`/api/admin/blog/posts/${draft.id}/publish`));
      const read = await json<BlogPost>(await host.request(`/api/blog/posts/${draft.id}`));
      expect(read.html).toContain('<strong>huge</strong>');
      expect((await json<{ id: number }[]>(await host.request('/api/blog/posts?limit=50'))).map((p) => p.id)).toContain(draft.id);
      expect((await json<{ id: number }[]>(await admin.agent.get('/api/admin/blog/posts?limit=50'))).map((p) => p.id)).toContain(draft.id);
      expect((await admin.agent.get(`/api/admin/blog/posts/${draft.id}`)).status).toBe(200);
      await json(await admin.agent.post(`/api/admin/blog/posts/${draft.id}/unpublish`));
      expect((await host.request(`/api/blog/posts/${draft.id}`)).status).toBe(404);
    });
  });

  describe('edge/features/sponsor-listings/routes.ts', () => {
    it('lists a paid sponsorship for review; the admin edits it, uploads its logo, approves, hides and rejects it', async () => {
      const tournamentId = await addTournament(host);
      const buyer = await member(host, { role: 'fan' });
      const { payload } = await paidCheckout(buyer, '/api/stripe/checkout/sponsorship', {
        tier: 'bronze',
        companyName: 'Peach State Plumbing',
        contactEmail: 'owner@peachplumbing.example',
        contactPhone: '404-555-0123',
        description: 'Family plumbers keeping Atlanta courts watered since 1998.',
        tournamentId,
      });
      expect((await deliver(host, payload, sign(payload))).status).toBe(200);

      const admin = await leagueAdmin(host);
      const pending = await json<AdminSponsor[]>(await admin.agent.get('/api/admin/sponsors?status=pending&limit=100'));
      const listing = pending.find((s) => s.companyName === 'Peach State Plumbing' && s.tournament?.id === tournamentId)!;
      expect(listing).toMatchObject({ status: 'pending', tier: 'bronze' });
      expect(await json(await host.request(`/api/tournaments/${tournamentId}/sponsors`))).toEqual([]);

      const edited = await admin.agent.patch(`/api/admin/sponsors/${listing.id}`, {
        companyName: 'Peach State Plumbing Co.',
        description: 'Family plumbers keeping Atlanta courts watered since 1998.',
      });
      expect(await json(edited)).toMatchObject({ companyName: 'Peach State Plumbing Co.' });
      const form = new FormData();
      form.append('logo', new File([(await pngFile(gradient(300, 100))) as Uint8Array<ArrayBuffer>], 'logo.png', { type: 'image/png' }));
      expect(await json(await admin.agent.post(`/api/admin/sponsors/${listing.id}/upload-logo`, form))).toMatchObject({
        logoUrl: expect.stringMatching(/^\/uploads\/[0-9a-f]{64}\.jpg$/),
      });
      expect(await json(await admin.agent.post(`/api/admin/sponsors/${listing.id}/approve`))).toMatchObject({ status: 'approved' });
      expect(await json(await host.request(`/api/tournaments/${tournamentId}/sponsors`))).toEqual([
        expect.objectContaining({ companyName: 'Peach State Plumbing Co.' }),
      ]);
      expect(await json(await admin.agent.post(`/api/admin/sponsors/${listing.id}/hide`))).toMatchObject({ status: 'hidden' });
      const rejected = await admin.agent.post(`/api/admin/sponsors/${listing.id}/reject`, { reason: 'Not a fit for a youth event' });
      expect(await json(rejected)).toMatchObject({ status: 'rejected' });
    });
  });
});
