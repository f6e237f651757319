import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, type User } from '../../db/schema/users.ts';

/** The cookie in which the app records the browser's IANA zone (app/lib/render-env.ts writes it). */
export const TIME_ZONE_COOKIE = 'wta_tz';

/** A zone name Intl knows, else null: the cookie is client input. */
export function validTimeZone(value: string | undefined | null): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

/**
 * Keeps the zone the member's browser reports, so that a time the server writes for them (a notification, a push)
 * reads in their own zone. Written only when it changed: one comparison on the usual request.
 */
export async function rememberMemberZone(db: Db, user: User, cookie: string | undefined): Promise<void> {
  const zone = validTimeZone(cookie);
  if (!zone || zone === user.timeZone) return;
  await db.update(users).set({ timeZone: zone }).where(eq(users.id, user.id));
}

/** A clock time in the member's zone ('5:30 PM'), or in UTC, then said ('5:30 PM UTC'), when none is known. */
export function clockTimeFor(at: Date, zone: string | null): string {
  const known = validTimeZone(zone);
  const text = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: known ?? 'UTC',
  }).format(at);
  return known ? text : `${text} UTC`;
}
