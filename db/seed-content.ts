import type { Db } from './client.ts';
import { blogPosts } from './schema/blog.ts';
import { payments } from './schema/payments.ts';
import { paidTestCheckout } from './seed-payments.ts';
import { sponsors } from './schema/sponsors.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * The demo content the admin Content tab starts with (issue 14, D24): a draft blog post waiting to be published and
 * a paid sponsorship whose listing waits for approval (so Approve, Hide and Reject have something real to act on).
 * Called once from the seed's transaction; deterministic apart from `now`.
 */
export async function seedContent(
  tx: Tx,
  input: { now: Date; authorId: string | null; tournament: { id: number; title: string } | null },
): Promise<{ draftPosts: number; pendingSponsors: number }> {
  const { now, authorId, tournament } = input;
  const written = new Date(now.getTime() - 3 * HOUR);
  await tx.insert(blogPosts).values({
    slug: 'media-day-draft',
    title: 'Media Day: What to Expect',
    category: 'League News',
    excerpt:
      'Interviews, photo sessions and a shoot-around with the league’s verified members. Here is the plan for the day.',
    body: [
      'Interviews, photo sessions and a shoot-around with the league’s verified members. Here is the plan for the day.',
      '## Schedule',
      '- **Morning:** interviews and portraits\n- **Afternoon:** highlight shoots\n- **Evening:** open runs',
      'RSVP from [Media Day](/media-day). Arrive 30 minutes early.',
    ].join('\n\n'),
    authorId,
    publishedAt: null,
    createdAt: written,
    updatedAt: written,
  });
  if (!tournament) return { draftPosts: 1, pendingSponsors: 0 };

  const paidAt = new Date(now.getTime() - 5 * HOUR);
  const [payment] = await tx
    .insert(payments)
    .values(
      paidTestCheckout({
        label: 'pending-sponsorship-southside-grill',
        kind: 'sponsorship',
        amountCents: 25000,
        userId: null,
        tournamentId: tournament.id,
        tier: 'silver',
        description: `Silver Sponsorship - ${tournament.title}`,
        openedAt: new Date(paidAt.getTime() - 90 * 1000),
      }),
    )
    .returning({ id: payments.id });
  await tx.insert(sponsors).values({
    tournamentId: tournament.id,
    tier: 'silver',
    companyName: 'Southside Grill',
    website: 'https://southsidegrill.example',
    description: 'Wings, burgers and a big screen for every league final since 2015.',
    paymentId: payment!.id,
    status: 'pending',
    createdAt: paidAt,
  });
  return { draftPosts: 1, pendingSponsors: 1 };
}
