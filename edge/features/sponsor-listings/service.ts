import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { refunds } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { payments } from '../../../db/schema/payments.ts';
import { sponsors, type SponsorStatus } from '../../../db/schema/sponsors.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { auditActions, recordAudit, type AuditAction } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import type { BlobStore } from '../../lib/blobs/blob-store.ts';
import { adopt, releaseImage, type StoredImage } from '../images/service.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { claimPaymentRefund, sendRefunds } from '../payments/refunds.ts';
import { SPONSOR_TEXTS, type AdminSponsor, type SponsorEdit } from './schema.ts';

/** D15: what the sponsor (when they had an account) hears of an admin's decision on their listing. */
export const SPONSORSHIP_DECIDED_KIND = 'sponsorship_decided';
/** How long a rejection waits for the provider's refund before it answers (the clock retries the rest). */
const REFUND_SEND_BUDGET_MS = 10_000;

type SponsorRow = typeof sponsors.$inferSelect;

const listColumns = {
  sponsor: sponsors,
  tournament: { id: tournaments.id, title: tournaments.title },
  payment: { id: payments.id, amountCents: payments.amountCents, status: payments.status, userId: payments.userId },
  refundStatus: refunds.status,
};

type ListRow = {
  sponsor: SponsorRow;
  tournament: { id: number; title: string } | null;
  payment: { id: number; amountCents: number; status: string; userId: string | null } | null;
  refundStatus: 'pending' | 'succeeded' | 'failed' | null;
};

function toAdminSponsor({ sponsor: s, tournament, payment, refundStatus }: ListRow): AdminSponsor {
  return {
    id: s.id,
    tier: s.tier,
    companyName: s.companyName,
    website: s.website,
    description: s.description,
    logoUrl: s.logoUrl,
    status: s.status,
    rejectionReason: s.rejectionReason,
    reviewedAt: s.reviewedAt ? s.reviewedAt.toISOString() : null,
    createdAt: s.createdAt.toISOString(),
    tournament,
    payment: payment
      ? { id: payment.id, amountCents: payment.amountCents, status: payment.status, refundStatus }
      : null,
  };
}

const listed = (db: Pick<Db, 'select'>) =>
  db
    .select(listColumns)
    .from(sponsors)
    .leftJoin(tournaments, eq(tournaments.id, sponsors.tournamentId))
    .leftJoin(payments, eq(payments.id, sponsors.paymentId))
    .leftJoin(refunds, eq(refunds.paymentId, sponsors.paymentId));

/** GET /api/admin/sponsors: newest listing first, by status along sponsors_status_idx (status, id), else by id. */
export async function sponsorsPage(
  db: Db,
  q: { status?: SponsorStatus | undefined; limit: number; afterId?: number | undefined },
) {
  const where: (SQL | undefined)[] = [q.status ? eq(sponsors.status, q.status) : undefined];
  if (q.afterId !== undefined) where.push(lt(sponsors.id, q.afterId));
  const rows = await listed(db)
    .where(and(...where))
    .orderBy(desc(sponsors.id))
    .limit(q.limit + 1);
  return {
    sponsors: rows.slice(0, q.limit).map(toAdminSponsor),
    nextCursor: rows.length > q.limit ? String(rows[q.limit - 1]!.sponsor.id) : null,
  };
}

async function sponsorById(db: Pick<Db, 'select'>, id: number): Promise<AdminSponsor> {
  const [row] = await listed(db).where(eq(sponsors.id, id));
  if (!row) fail(404, SPONSOR_TEXTS.notFound);
  return toAdminSponsor(row);
}

/** What the audit log keeps of a listing. */
const audited = (s: SponsorRow) => ({
  status: s.status,
  companyName: s.companyName,
  website: s.website,
  description: s.description,
  logoUrl: s.logoUrl,
});

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Writes an admin's change to a listing and its audit entry (before and after), in the caller's transaction. */
async function updateListing(tx: Tx, before: SponsorRow, change: Partial<SponsorRow>, actorId: string, now: Date) {
  const [after] = await tx.update(sponsors).set(change).where(eq(sponsors.id, before.id)).returning();
  await recordAudit(tx, {
    actorId,
    action: auditActions.sponsorEdit,
    targetType: 'sponsor',
    targetId: before.id,
    before: audited(before),
    after: audited(after!),
    at: now,
  });
}

/**
 * PATCH /api/admin/sponsors/{id}: the listed name, text, link and logo; an unchanged listing changes nothing. A logo
 * that was uploaded here and is replaced or removed is released (D23: deleted once nothing references it).
 */
export async function editSponsor(
  db: Db,
  blobs: BlobStore,
  input: { id: number; edit: SponsorEdit; actorId: string; now: Date },
) {
  const { edit, now } = input;
  let previousLogo: string | null = null;
  const answer = await db.transaction(
    async (tx) => {
      const [before] = await tx.select().from(sponsors).where(eq(sponsors.id, input.id));
      if (!before) fail(404, SPONSOR_TEXTS.notFound);
      const next = {
        companyName: edit.companyName,
        website: edit.website ?? null,
        description: edit.description,
        logoUrl: edit.logoUrl,
      };
      previousLogo = before.logoUrl;
      const same = (Object.keys(next) as (keyof typeof next)[]).every((k) => before[k] === next[k]);
      if (!same) {
        await updateListing(tx, before, next, input.actorId, now);
      }
      return sponsorById(tx, input.id);
    },
    { behavior: 'immediate' },
  );
  if (previousLogo !== answer.logoUrl) await releaseImage(db, blobs, previousLogo);
  return answer;
}

/**
 * POST /api/admin/sponsors/{id}/upload-logo (D23, D24): the listing's logo from an uploaded image, re-encoded and
 * stored like every upload; audited as an edit. 404 for an unknown listing, leaving nothing stored.
 */
export async function setSponsorLogo(
  db: Db,
  blobs: BlobStore,
  input: { id: number; image: StoredImage; actorId: string; now: Date },
): Promise<AdminSponsor> {
  const written = await adopt<true>(db, blobs, input.image, (url) =>
    db.transaction(
      async (tx) => {
        const [before] = await tx.select().from(sponsors).where(eq(sponsors.id, input.id));
        if (!before) return null;
        if (before.logoUrl === url) return { result: true as const, previous: url };
        await updateListing(tx, before, { logoUrl: url }, input.actorId, input.now);
        return { result: true as const, previous: before.logoUrl };
      },
      { behavior: 'immediate' },
    ),
  );
  if (!written) fail(404, SPONSOR_TEXTS.notFound);
  return sponsorById(db, input.id);
}

export type SponsorDecision = 'approve' | 'hide' | 'reject';

const DECISIONS: Record<SponsorDecision, { from: readonly SponsorStatus[]; to: SponsorStatus; action: AuditAction }> = {
  approve: { from: ['pending', 'hidden'], to: 'approved', action: auditActions.sponsorApprove },
  hide: { from: ['approved'], to: 'hidden', action: auditActions.sponsorHide },
  reject: { from: ['pending', 'approved', 'hidden'], to: 'rejected', action: auditActions.sponsorReject },
};

/**
 * POST /api/admin/sponsors/{id}/approve | hide | reject (D24). One conditional update moves the listing; a rejection
 * claims its payment's refund in the same transaction (the payments module's one refund path: the unique claim makes
 * it once), then asks the provider after the commit. The same decision repeated, or sent twice at once, changes the
 * listing once and answers it as it stands; 409 when the listing's state forbids it (a rejected one stays rejected).
 */
export async function decideSponsor(
  db: Db,
  provider: PaymentProvider,
  input: { id: number; decision: SponsorDecision; reason?: string; actorId: string; now: Date },
): Promise<AdminSponsor> {
  const { id, now } = input;
  const rule = DECISIONS[input.decision];
  const committed = await db.transaction(
    async (tx) => {
      const [before] = await tx.select().from(sponsors).where(eq(sponsors.id, id));
      if (!before) fail(404, SPONSOR_TEXTS.notFound);
      if (before.status === rule.to) return { refundId: null };
      if (!rule.from.includes(before.status)) {
        fail(409, before.status === 'rejected' ? SPONSOR_TEXTS.rejected : SPONSOR_TEXTS.cannotHide(before.status));
      }
      const rejecting = input.decision === 'reject';
      const [after] = await tx
        .update(sponsors)
        .set({
          status: rule.to,
          reviewedBy: input.actorId,
          reviewedAt: now,
          ...(rejecting ? { rejectionReason: input.reason ?? null } : {}),
        })
        .where(and(eq(sponsors.id, id), inArray(sponsors.status, rule.from)))
        .returning();
      if (!after) return { refundId: null };
      const refundId =
        rejecting && before.paymentId !== null
          ? await claimPaymentRefund(tx, before.paymentId, `Sponsor listing rejected: ${input.reason ?? ''}`, now)
          : null;
      await recordAudit(tx, {
        actorId: input.actorId,
        action: rule.action,
        targetType: 'sponsor',
        targetId: id,
        before: audited(before),
        after: { ...audited(after), ...(rejecting ? { reason: input.reason ?? null, refundId } : {}) },
        at: now,
      });
      await notifySponsor(tx, before, input.decision, input.reason, now);
      return { refundId };
    },
    { behavior: 'immediate' },
  );
  if (committed.refundId !== null) await sendRefunds(db, provider, [committed.refundId], now, REFUND_SEND_BUDGET_MS);
  return sponsorById(db, id);
}

/** D15: a paid sponsor with an account hears whether their listing shows; hiding is the league's own business. */
async function notifySponsor(
  tx: Pick<Db, 'select' | 'insert'>,
  sponsor: SponsorRow,
  decision: SponsorDecision,
  reason: string | undefined,
  now: Date,
) {
  if (decision === 'hide' || sponsor.paymentId === null) return;
  const [payment] = await tx
    .select({ userId: payments.userId })
    .from(payments)
    .where(eq(payments.id, sponsor.paymentId));
  if (!payment?.userId) return;
  const approved = decision === 'approve';
  await tx.insert(notifications).values({
    userId: payment.userId,
    kind: SPONSORSHIP_DECIDED_KIND,
    title: approved ? 'Sponsorship Approved' : 'Sponsorship Rejected',
    body: approved
      ? `${sponsor.companyName} is now listed as a sponsor.`
      : `${sponsor.companyName}'s sponsor listing was not approved. Reason: ${reason ?? ''}. Your payment is refunded to the card that paid.`,
    link: sponsor.tournamentId ? `/tournaments/${sponsor.tournamentId}` : null,
    read: false,
    createdAt: now,
  });
}
