import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';

/** Shared by the API validators and the /auth forms: the messages are the specification's (000 s5). */
export const loginSchema = z.object({
  email: z.email({ error: 'Invalid email address' }).trim().toLowerCase(),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }),
});

export const registerRoles = ['player', 'owner', 'fan'] as const;

export const EMAIL_TOO_LONG = 'Email address is too long';
export const PASSWORD_TOO_COMMON = 'This password is too common';

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/** RFC 5321 4.5.3.1: a local part of at most 64 octets, a whole address of at most 254. */
export function emailFitsRfc5321(email: string): boolean {
  const at = email.lastIndexOf('@');
  return utf8Length(email) <= 254 && utf8Length(email.slice(0, Math.max(0, at))) <= 64;
}

export const registerSchema = z.object({
  email: z
    .email({ error: 'Invalid email address' })
    .trim()
    .toLowerCase()
    .refine(emailFitsRfc5321, { error: EMAIL_TOO_LONG }),
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, { error: 'Password must be at least 8 characters' })
    // scrypt accepts any length; the cap keeps a hostile request from making hashing expensive.
    .max(256, { error: 'Password must be at most 256 characters' })
    // The list of common passwords stays on the server (common-passwords.ts); a blank one is refused here too.
    .refine((p) => p.trim() !== '', { error: PASSWORD_TOO_COMMON }),
  firstName: freeText({ label: 'First name', name: true, error: 'First name is required' })
    .min(1, { error: 'First name is required' })
    .max(80, { error: 'First name must be at most 80 characters' }),
  lastName: freeText({ label: 'Last name', name: true, error: 'Last name is required' })
    .min(1, { error: 'Last name is required' })
    .max(80, { error: 'Last name must be at most 80 characters' }),
  role: z.enum(registerRoles, { error: 'Role must be player, owner or fan' }).default('player'),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;

export type { CurrentUser } from '../../lib/current-user.ts';

/**
 * Shared by the API (GET /api/login, Google sign-in) and the login form, so both follow the same rule.
 * A same-site path to send the browser back to after signing in, or null. Refuses absolute URLs,
 * protocol-relative `//host` and backslash tricks that browsers normalise to another host. Idempotent: cleaning the
 * answer again gives the same answer (normalising `/.//evil.example` yields `//evil.example`, which is refused).
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Normalising can create a new leading `//` from dot segments, so clean until nothing changes. Each round only
  // removes dot segments or percent-encodes, so a round or two settle; an input that does not is refused.
  let current = value;
  for (let round = 0; round < 4; round++) {
    if (!current || current.length > 2000) return null;
    if (!current.startsWith('/') || current.startsWith('//') || current.includes('\\')) return null;
    // Control characters could smuggle a different target past the prefix checks.
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(current)) return null;
    let cleaned: string;
    try {
      const url = new URL(current, 'http://league.invalid');
      if (url.origin !== 'http://league.invalid') return null;
      cleaned = url.pathname + url.search + url.hash;
    } catch {
      return null;
    }
    if (cleaned === current) return cleaned;
    current = cleaned;
  }
  return null;
}
