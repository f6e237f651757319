/**
 * The field messages of a 400 answer (`{ message, errors: { field: [messages] } }`, edge/lib/errors.ts), read
 * from an api-client error ("400: {...}"), first message per top-level field.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return {};
  const match = /^400: (\{[\s\S]*\})$/.exec(error.message);
  if (!match?.[1]) return {};
  try {
    const body: unknown = JSON.parse(match[1]);
    if (!body || typeof body !== 'object' || !('errors' in body) || !body.errors || typeof body.errors !== 'object') return {};
    const out: Record<string, string> = {};
    for (const [key, messages] of Object.entries(body.errors as Record<string, unknown>)) {
      const field = key.split('.')[0];
      if (field && !(field in out) && Array.isArray(messages) && typeof messages[0] === 'string') out[field] = messages[0];
    }
    return out;
  } catch {
    return {};
  }
}
