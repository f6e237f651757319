/**
 * A `returnTo` value is followed only when it is a path on this site: it starts with one '/', and neither '//' nor
 * '/\' (which browsers treat as protocol-relative, i.e. another host).
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Control characters can smuggle a scheme past naive checks in some parsers.
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}
