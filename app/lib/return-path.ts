/**
 * A `returnTo` value is followed only when it is a path on this site: it starts with one '/', and neither '//' nor
 * '/\' (which browsers treat as protocol-relative, i.e. another host).
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Control characters (tab, newline...) are dropped by URL parsers, so "/\t/evil.example" would become "//evil...".
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return undefined;
  }
  return value;
}
