import { z } from 'zod';

/** Shared by the API validators and the /auth forms: the messages are the specification's (000 s5). */
export const loginSchema = z.object({
  email: z.email({ error: 'Invalid email address' }).trim().toLowerCase(),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }),
});

export const registerRoles = ['player', 'owner', 'fan'] as const;

export const registerSchema = z.object({
  email: z.email({ error: 'Invalid email address' }).trim().toLowerCase(),
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, { error: 'Password must be at least 8 characters' })
    // scrypt accepts any length; the cap keeps a hostile request from making hashing expensive.
    .max(256, { error: 'Password must be at most 256 characters' }),
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, { error: 'First name is required' })
    .max(80, { error: 'First name must be at most 80 characters' }),
  lastName: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, { error: 'Last name is required' })
    .max(80, { error: 'Last name must be at most 80 characters' }),
  role: z.enum(registerRoles, { error: 'Role must be player, owner or fan' }).default('player'),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;

export type { CurrentUser } from '../../lib/current-user.ts';
