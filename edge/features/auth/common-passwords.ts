import { PASSWORD_TOO_COMMON, registerSchema } from './schema.ts';

/**
 * Server side only (never imported by app/): sign-up refuses passwords on a list of common passwords (OWASP ASVS
 * 2.1.7 asks for at least the top 3,000). The list is the ranked "passwords-common" dictionary of
 * @zxcvbn-ts/language-common (MIT, 49,233 entries drawn from leaked-password corpora, kept by the zxcvbn-ts
 * project). It is imported on first use, so the API starts without it and the app's bundle never holds it; the
 * package is plain JavaScript and runs on Workers too.
 */
let list: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  list ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map(normalize)),
  );
  return list;
}

/** The list holds lower-case words: 'Password1 ' is as common as 'password1'. */
function normalize(password: string): string {
  return password.normalize('NFKC').trim().toLowerCase();
}

/** True when the password is on the list (or blank). */
export async function isCommonPassword(password: string): Promise<boolean> {
  const normal = normalize(password);
  return normal === '' || (await commonPasswords()).has(normal);
}

/** The shared sign-up schema plus the list check, for POST /api/register. */
export const registerRequestSchema = registerSchema.extend({
  // A blank password is already refused by the shared schema with the same message.
  password: registerSchema.shape.password.refine(async (p) => p.trim() === '' || !(await isCommonPassword(p)), {
    error: PASSWORD_TOO_COMMON,
  }),
});
