// Sponsor listings (D24, D33, D15, D6) against a real migrated database: a paid sponsor shows on its tournament only
// once approved, can be edited and hidden, and a rejection refunds its payment exactly once.
import { existsSync, readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refunds } from '../../../db/schema/competition.ts';
import { sponsors } from '../../../db/schema/sponsors.ts';
import { auditEntries, expectRefused, leagueAdmin, recordingProvider } from '../../test/admin-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { gradient, jpegFile, pngFile, SVG } from '../../test/images.ts';
import type { CheckoutResponse } from '../payments/schema.ts';
import {
  addTournament,
  json,
  member,
  notificationsOf,
  paymentOfSession,
  type Member,
} from '../payments/test-helpers.ts';
import type { Sponsor } from '../tournaments/schema.ts';
import { NEXT_CURSOR_HEADER, type AdminSponsor } from './schema.ts';
import { SPONSORSHIP_DECIDED_KIND } from './service.ts';

let t: TestApp;
let admin: Member;
let recorder: ReturnType<typeof recordingProvider>;
beforeEach(async () => {
  recorder = recordingProvider();
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', deps: { payments: recorder.provider } });
  admin = await leagueAdmin(t);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.cleanup();
});

const application = {
  tier: 'gold',
  companyName: 'Peach State Motors',
  contactEmail: 'sales@peachmotors.example',
  contactPhone: '404-555-0100',
  website: 'https://peachmotors.example',
  description: 'Family-owned dealership supporting Atlanta sports since 1988.',
};

/** A sponsorship bought through the real checkout (test mode) by a signed-in owner: the listing, pending. */
async function paidListing(tournamentId: number) {
  const buyer = await member(t, { role: 'owner' });
  const body = await json<CheckoutResponse>(
    await buyer.agent.post('/api/stripe/checkout/sponsorship', { ...application, tournamentId }),
  );
  await buyer.agent.post(`/api/payments/test-checkout/${body.sessionId}/pay`);
  const payment = await paymentOfSession(t, body.sessionId!);
  const [listing] = await t.db.select().from(sponsors).where(eq(sponsors.paymentId, payment.id));
  return { buyer, payment, listing: listing! };
}

const shown = async (tournamentId: number) =>
  json<Sponsor[]>(await t.request(`/api/tournaments/${tournamentId}/sponsors`));

describe('approving, editing and hiding a paid listing', () => {
  it('shows the listing on the tournament only once approved, with its edits, and not once hidden', async () => {
    const tournamentId = await addTournament(t);
    const { buyer, listing } = await paidListing(tournamentId);
    expect(listing.status).toBe('pending');
    expect(await shown(tournamentId)).toEqual([]);

    const queue = await json<AdminSponsor[]>(await admin.agent.get('/api/admin/sponsors?status=pending'));
    expect(queue).toMatchObject([
      {
        id: listing.id,
        status: 'pending',
        companyName: 'Peach State Motors',
        tournament: { id: tournamentId },
        payment: { amountCents: 50000, status: 'paid', refundStatus: null },
      },
    ]);

    const approved = await Promise.all([1, 2].map(() => admin.agent.post(`/api/admin/sponsors/${listing.id}/approve`)));
    expect(approved.map((r) => r.status)).toEqual([200, 200]);
    expect(await shown(tournamentId)).toMatchObject([
      { id: listing.id, companyName: 'Peach State Motors', logoUrl: null },
    ]);
    expect((await notificationsOf(t, buyer.id, [SPONSORSHIP_DECIDED_KIND])).map((n) => n.title)).toEqual([
      'Sponsorship Approved',
    ]);

    const edit = {
      companyName: 'Peach State Motors & Co',
      website: '',
      description: 'Atlanta dealership backing local hoopers since 1988.',
      logoUrl: 'https://cdn.peachmotors.example/logo.png',
    };
    expect(await json<AdminSponsor>(await admin.agent.patch(`/api/admin/sponsors/${listing.id}`, edit))).toMatchObject({
      ...edit,
      website: null,
    });
    expect(await shown(tournamentId)).toEqual([
      {
        id: listing.id,
        tier: 'gold',
        companyName: 'Peach State Motors & Co',
        website: null,
        description: edit.description,
        logoUrl: edit.logoUrl,
      },
    ]);

    await json(await admin.agent.post(`/api/admin/sponsors/${listing.id}/hide`));
    expect(await shown(tournamentId)).toEqual([]);
    await json(await admin.agent.post(`/api/admin/sponsors/${listing.id}/approve`));
    expect(await shown(tournamentId)).toHaveLength(1);

    const entries = await auditEntries(t);
    expect(entries.map((e) => e.action)).toEqual([
      'sponsor.approve',
      'sponsor.edit',
      'sponsor.hide',
      'sponsor.approve',
    ]);
    for (const e of entries)
      expect(e).toMatchObject({ actorId: admin.id, targetType: 'sponsor', targetId: String(listing.id) });
    expect(entries[0]!.before).toMatchObject({ status: 'pending' });
    expect(entries[0]!.after).toMatchObject({ status: 'approved' });
    expect(entries[1]!.before).toMatchObject({
      companyName: 'Peach State Motors',
      website: 'https://peachmotors.example',
      logoUrl: null,
    });
    expect(entries[1]!.after).toMatchObject({
      companyName: 'Peach State Motors & Co',
      website: null,
      logoUrl: edit.logoUrl,
    });
    expect(recorder.calls).toEqual([]);
  });

  it('validates edits with the application messages', async () => {
    const { listing } = await paidListing(await addTournament(t));
    const base = { companyName: 'X', description: 'A long enough description here.' };
    expect(
      await json(await admin.agent.patch(`/api/admin/sponsors/${listing.id}`, { ...base, companyName: ' ' }), 400),
    ).toMatchObject({ message: 'Company name is required' });
    expect(
      await json(await admin.agent.patch(`/api/admin/sponsors/${listing.id}`, { ...base, description: 'short' }), 400),
    ).toMatchObject({
      message: 'Please provide at least 20 characters about your company',
    });
    expect(
      await json(
        await admin.agent.patch(`/api/admin/sponsors/${listing.id}`, { ...base, website: 'javascript:alert(1)' }),
        400,
      ),
    ).toMatchObject({ message: 'Invalid website URL' });
    expect(
      await json(
        await admin.agent.patch(`/api/admin/sponsors/${listing.id}`, {
          ...base,
          logoUrl: 'http://insecure.example/l.png',
        }),
        400,
      ),
    ).toMatchObject({
      message: 'The logo must be an https:// image address or an uploaded image',
    });
    expect(await json(await admin.agent.patch('/api/admin/sponsors/9999', base), 404)).toEqual({
      message: 'Sponsor listing not found',
    });
    expect(await auditEntries(t)).toEqual([]);
  });
});

describe('rejecting a listing', () => {
  it('refunds its payment exactly once under repeated and concurrent rejections, and never shows it', async () => {
    const tournamentId = await addTournament(t);
    const { buyer, payment, listing } = await paidListing(tournamentId);
    const other = await leagueAdmin(t, 'other');
    const answers = await Promise.all(
      [admin, other, admin, other].map((a) =>
        a.agent.post(`/api/admin/sponsors/${listing.id}/reject`, { reason: 'Not a fit for a youth event' }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(
      await json<AdminSponsor>(await admin.agent.post(`/api/admin/sponsors/${listing.id}/reject`, { reason: 'Again' })),
    ).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Not a fit for a youth event',
      payment: { id: payment.id, refundStatus: 'succeeded' },
    });
    const claims = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ amountCents: 50000, status: 'succeeded' });
    expect(recorder.calls).toEqual([
      {
        paymentId: null,
        sessionId: payment.providerSessionId,
        amountCents: 50000,
        idempotencyKey: `refund-${claims[0]!.id}`,
      },
    ]);
    expect(await shown(tournamentId)).toEqual([]);

    const rejected = await auditEntries(t, 'sponsor.reject');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.before).toMatchObject({ status: 'pending' });
    expect(rejected[0]!.after).toMatchObject({
      status: 'rejected',
      reason: 'Not a fit for a youth event',
      refundId: claims[0]!.id,
    });
    const notes = await notificationsOf(t, buyer.id, [SPONSORSHIP_DECIDED_KIND]);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain('Reason: Not a fit for a youth event');

    // A rejected listing cannot come back.
    expect(await json(await admin.agent.post(`/api/admin/sponsors/${listing.id}/approve`), 409)).toEqual({
      message: 'This sponsor listing was rejected and its payment refunded; it cannot be shown again',
    });
  });

  it('needs a reason, and refuses outsiders on every call without changing anything', async () => {
    const tournamentId = await addTournament(t);
    const { listing } = await paidListing(tournamentId);
    expect(
      await json(await admin.agent.post(`/api/admin/sponsors/${listing.id}/reject`, { reason: ' ' }), 400),
    ).toMatchObject({ message: 'Reason Required' });
    await expectRefused(t, (a) => a.get('/api/admin/sponsors'));
    await expectRefused(t, (a) => a.post(`/api/admin/sponsors/${listing.id}/approve`));
    await expectRefused(t, (a) => a.post(`/api/admin/sponsors/${listing.id}/hide`));
    await expectRefused(t, (a) => a.post(`/api/admin/sponsors/${listing.id}/reject`, { reason: 'x' }));
    await expectRefused(t, (a) =>
      a.patch(`/api/admin/sponsors/${listing.id}`, {
        companyName: 'Mine',
        description: 'A long enough description here.',
      }),
    );
    const [row] = await t.db.select().from(sponsors).where(eq(sponsors.id, listing.id));
    expect(row).toMatchObject({ status: 'pending', companyName: 'Peach State Motors' });
    expect(await t.db.select().from(refunds)).toEqual([]);
    expect(await auditEntries(t)).toEqual([]);
    expect(await json(await admin.agent.post(`/api/admin/sponsors/${listing.id}/hide`), 409)).toEqual({
      message: 'Only an approved listing can be hidden; this one is pending',
    });
  });

  it('lists the queue newest first a page at a time', async () => {
    const tournamentId = await addTournament(t);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.unshift((await paidListing(tournamentId)).listing.id);
    const first = await admin.agent.get('/api/admin/sponsors?status=pending&limit=2');
    expect((await json<AdminSponsor[]>(first)).map((s) => s.id)).toEqual(ids.slice(0, 2));
    const next = await admin.agent.get(
      `/api/admin/sponsors?status=pending&limit=2&cursor=${first.headers.get(NEXT_CURSOR_HEADER)!}`,
    );
    expect((await json<AdminSponsor[]>(next)).map((s) => s.id)).toEqual(ids.slice(2));
  });
});

describe('POST /api/admin/sponsors/{id}/upload-logo (D23, D24)', () => {
  const upload = (agent: Member['agent'], id: number | string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('logo', new File([bytes as Uint8Array<ArrayBuffer>], 'logo.png', { type: 'image/png' }));
    return agent.post(`/api/admin/sponsors/${id}/upload-logo`, form);
  };
  const storedFiles = () => (existsSync(t.config.uploadsDir) ? readdirSync(t.config.uploadsDir).sort() : []);

  it('stores an uploaded logo on the listing (audited), replaces it, and lets the old file go when removed', async () => {
    const tournamentId = await addTournament(t);
    const { listing } = await paidListing(tournamentId);
    const first = await json<AdminSponsor>(
      await upload(admin.agent, listing.id, await pngFile(gradient(300, 200, 90))),
    );
    expect(first.logoUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
    expect((await t.request(first.logoUrl!)).status).toBe(200);
    const second = await json<AdminSponsor>(await upload(admin.agent, listing.id, await jpegFile(gradient(80, 80))));
    expect(second.logoUrl).not.toBe(first.logoUrl);
    expect(storedFiles()).toEqual([second.logoUrl!.slice('/uploads/'.length)]);
    expect((await auditEntries(t, 'sponsor.edit')).map((e) => (e.after as { logoUrl: string }).logoUrl)).toEqual([
      first.logoUrl,
      second.logoUrl,
    ]);
    // Removing the logo in the editor releases the file too.
    const { companyName, website, description } = second;
    await json(
      await admin.agent.patch(`/api/admin/sponsors/${listing.id}`, { companyName, website, description, logoUrl: '' }),
    );
    expect(storedFiles()).toEqual([]);
  });

  it('refuses outsiders, an unknown listing, and a file that is no image, storing nothing', async () => {
    const tournamentId = await addTournament(t);
    const { listing, buyer } = await paidListing(tournamentId);
    const png = await pngFile(gradient(50, 50));
    expect((await upload(buyer.agent, listing.id, png)).status).toBe(403);
    expect((await upload(t.agent(), listing.id, png)).status).toBe(401);
    expect((await upload(admin.agent, 999999, png)).status).toBe(404);
    const svg = await upload(admin.agent, listing.id, SVG);
    expect(svg.status).toBe(415);
    expect(storedFiles()).toEqual([]);
    const [row] = await t.db.select().from(sponsors).where(eq(sponsors.id, listing.id));
    expect(row!.logoUrl).toBeNull();
  });
});
