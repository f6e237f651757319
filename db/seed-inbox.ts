import type { Db } from './client.ts';
import { messages, notifications, teamInvites, transferRequests } from './schema/index.ts';
import * as content from './seed-data/content.ts';
import { teams as teamSeeds, type PersonSeed } from './seed-data/people.ts';
import { DAY, HOUR, resolveLink } from './seed-rows.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The demo accounts' inbox (D15, D18): their conversations and notifications, and the free agency and transfer
 * portal of issue 13 (open invites with their notifications, pending transfers). Everything belongs to demo accounts,
 * so without them there is nobody to read it and nothing is written. Runs inside the seed's transaction.
 */
export async function seedInbox(
  tx: Tx,
  ctx: {
    people: readonly PersonSeed[];
    idOf: (key: string) => string;
    known: (key: string) => boolean;
    now: Date;
    tournamentId: Map<string, number>;
    teamId: Map<string, number>;
  },
) {
  const { people, idOf, known, now, tournamentId, teamId } = ctx;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  // Messages and notifications belong to the demo accounts; without them there is nobody to read them.
  // Oldest first: a thread is read in id order, and the conversation list takes the highest id as the last message.
  const messageRows = content.messages
    .filter((m) => known(m.from) && known(m.to))
    .toSorted((a, b) => b.hoursAgo - a.hoursAgo)
    .map((m) => {
      const createdAt = ago(m.hoursAgo * HOUR);
      return {
        senderId: idOf(m.from),
        recipientId: idOf(m.to),
        body: m.body,
        readAt: m.read ? new Date(createdAt.getTime() + 10 * 60 * 1000) : null,
        createdAt,
      };
    });
  if (messageRows.length) await tx.insert(messages).values(messageRows);

  const notificationRows = content.notifications
    .filter((n) => known(n.user))
    .map((n) => ({
      userId: idOf(n.user),
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link && resolveLink(n.link, tournamentId, teamId),
      read: n.read,
      createdAt: ago(n.hoursAgo * HOUR),
    }));
  if (notificationRows.length) await tx.insert(notifications).values(notificationRows);

  // Free agency and the transfer portal (issue 13): open invites with their notifications, pending transfers.
  const teamOwner = new Map(teamSeeds.map((team) => [team.name, people.find((p) => p.key === team.owner)]));
  let inviteCount = 0;
  for (const invite of content.invites) {
    const team = teamId.get(invite.team);
    const owner = teamOwner.get(invite.team);
    if (!team || !owner || !known(invite.player)) continue;
    const sentAt = ago(invite.hoursAgo * HOUR);
    const [note] = await tx
      .insert(notifications)
      .values({
        userId: idOf(invite.player),
        kind: 'team_invite',
        title: 'Team invite',
        body: `${owner.firstName} ${owner.lastName} invited you to join ${invite.team}. Accept or decline here within 14 days.`,
        link: `/teams/${team}`,
        read: false,
        createdAt: sentAt,
      })
      .returning({ id: notifications.id });
    await tx.insert(teamInvites).values({
      teamId: team,
      userId: idOf(invite.player),
      invitedBy: idOf(owner.key),
      notificationId: note!.id,
      createdAt: sentAt,
      expiresAt: new Date(sentAt.getTime() + 14 * DAY),
    });
    inviteCount += 1;
  }
  const transferRows = content.transfers
    .filter((r) => known(r.player) && teamId.has(r.from) && (r.to === null || teamId.has(r.to)))
    .map((r) => ({
      userId: idOf(r.player),
      fromTeamId: teamId.get(r.from)!,
      toTeamId: r.to === null ? null : teamId.get(r.to)!,
      reason: r.reason,
      createdAt: ago(r.hoursAgo * HOUR),
    }));
  if (transferRows.length) await tx.insert(transferRequests).values(transferRows);
  return {
    messages: messageRows.length,
    notifications: notificationRows.length + inviteCount,
    teamInvites: inviteCount,
    transferRequests: transferRows.length,
  };
}
