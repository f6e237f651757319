import { and, count, eq, gte, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { messages } from '../../../db/schema/messages.ts';
import { supportRequests } from '../../../db/schema/support.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { adminFlags } from '../../lib/admin.ts';
import { fail } from '../../lib/errors.ts';
import { SUPPORT_HOURLY_LIMIT, SUPPORT_TEXTS, supportTopicLabels, type SupportRequestSent } from './schema.ts';
import { type supportRequestSchema } from './requests.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The message each admin reads: who asked, about what, and the reference, so they can answer without a lookup. */
function messageBody(sender: Pick<User, 'firstName' | 'lastName' | 'email'>, input: z.output<typeof supportRequestSchema>) {
  const name = `${sender.firstName} ${sender.lastName}`.trim();
  const reference = input.reference ? ` [ref ${input.reference}]` : '';
  return `Support request: ${supportTopicLabels[input.topic]}${reference}, from ${name} <${sender.email}>.\n\n${input.content}`;
}

/**
 * D17: stores the request and delivers it as a message to every league admin (D6: role AND league domain, never
 * the sender), in one transaction, so admins get all of it or none. At most SUPPORT_HOURLY_LIMIT an hour per member.
 */
export async function sendSupportRequest(
  db: Db,
  sender: Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>,
  input: z.output<typeof supportRequestSchema>,
  ctx: { now: Date; leagueEmailDomain: string },
): Promise<SupportRequestSent> {
  return db.transaction(
    async (tx) => {
      const [recent] = await tx
        .select({ n: count() })
        .from(supportRequests)
        .where(and(eq(supportRequests.userId, sender.id), gte(supportRequests.createdAt, new Date(ctx.now.getTime() - HOUR_MS))));
      if ((recent?.n ?? 0) >= SUPPORT_HOURLY_LIMIT) fail(429, SUPPORT_TEXTS.limited);

      const candidates = await tx
        .select({ id: users.id, email: users.email, role: users.role })
        .from(users)
        .where(inArray(users.role, ['admin', 'super_admin']));
      const admins = candidates.filter((u) => u.id !== sender.id && adminFlags(u, ctx.leagueEmailDomain).isAdmin);
      if (admins.length === 0) fail(503, SUPPORT_TEXTS.noAdmins);

      const [row] = await tx
        .insert(supportRequests)
        .values({
          userId: sender.id,
          topic: input.topic,
          body: input.content,
          reference: input.reference || null,
          createdAt: ctx.now,
        })
        .returning({ id: supportRequests.id });
      const body = messageBody(sender, input);
      await tx
        .insert(messages)
        .values(admins.map((admin) => ({ senderId: sender.id, recipientId: admin.id, body, createdAt: ctx.now })));
      return { id: row!.id, sentTo: admins.length, createdAt: ctx.now.toISOString() };
    },
    { behavior: 'immediate' },
  );
}
