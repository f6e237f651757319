import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import { decideRoleChange } from './roles.ts';
import type { ProfileCompletionInput } from './schema.ts';

/**
 * PATCH /api/users/profile (Choose Your Path, 000 s2 and s5): stores the profile fields and, when D34 allows it, the
 * chosen role. One write transaction reads the member's row and teams, decides, updates and writes the audit entry
 * of a role change, so the entry commits with the change and a team joined meanwhile cannot slip in between.
 */
export async function completeProfile(db: Db, userId: string, input: ProfileCompletionInput, now: Date): Promise<User> {
  return db.transaction(
    async (tx) => {
      const [current] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!current) fail(401, 'Unauthorized');
      const [owned] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.ownerId, userId)).limit(1);
      const [rostered] = await tx
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(eq(teamMembers.userId, userId))
        .limit(1);
      const decision = decideRoleChange({
        current: current.role,
        requested: input.role,
        onTeam: rostered !== undefined,
        ownsTeam: owned !== undefined,
      });
      if (!decision.ok) fail(decision.status, decision.message);

      const [updated] = await tx
        .update(users)
        .set({
          role: decision.role,
          tagline: input.tagline,
          city: input.city,
          sport: input.sport,
          profileCompletedAt: current.profileCompletedAt ?? now,
        })
        .where(eq(users.id, userId))
        .returning();
      if (decision.role !== current.role) {
        await recordAudit(tx, {
          actorId: userId,
          action: auditActions.roleChange,
          targetType: 'user',
          targetId: userId,
          before: { role: current.role },
          after: { role: decision.role },
          at: now,
        });
      }
      return updated!;
    },
    { behavior: 'immediate' },
  );
}
