import { randomUUID } from 'node:crypto';
import { messages } from '../../../db/schema/messages.ts';
import { users, type Role } from '../../../db/schema/users.ts';
import { createSession, generateSessionToken, SESSION_COOKIE } from '../../lib/sessions.ts';
import type { TestAgent, TestApp } from '../../test/app.ts';

/** A signed-in member written straight to the database, with the name, role and date of birth a test needs. */
export interface Person {
  id: string;
  agent: TestAgent;
}

export async function person(
  t: TestApp,
  fields: { firstName?: string; lastName?: string; role?: Role; email?: string; dateOfBirth?: string | null } = {},
): Promise<Person> {
  const id = randomUUID();
  await t.db.insert(users).values({
    id,
    email: fields.email ?? `${id}@example.test`,
    firstName: fields.firstName ?? 'Pat',
    lastName: fields.lastName ?? `Member ${id.slice(0, 6)}`,
    role: fields.role ?? 'player',
    dateOfBirth: fields.dateOfBirth ?? null,
  });
  const token = generateSessionToken();
  await createSession(t.db, token, id, t.now());
  const agent = t.agent();
  agent.cookies.set(SESSION_COOKIE, token);
  return { id, agent };
}

export async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export const sendTo = (from: Person, to: Person | string, content: string) =>
  from.agent.post('/api/messages/send', { recipientId: typeof to === 'string' ? to : to.id, content, type: 'general' });

/** Messages written straight to the table (the triggers keep conversations and inboxes, as for any writer). */
export async function insertMessages(
  t: TestApp,
  rows: { from: string; to: string; body?: string; at?: Date; read?: boolean }[],
) {
  if (rows.length === 0) return;
  await t.db.insert(messages).values(
    rows.map((r, i) => {
      const at = r.at ?? t.now();
      return {
        senderId: r.from,
        recipientId: r.to,
        body: r.body ?? `message ${i}`,
        createdAt: at,
        readAt: r.read ? at : null,
      };
    }),
  );
}
