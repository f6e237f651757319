/**
 * A same-site path to send the browser back to after signing in, or null. Refuses absolute URLs,
 * protocol-relative `//host` and backslash tricks that browsers normalise to another host.
 */
export function safeReturnPath(value: string | undefined | null): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // Control characters could smuggle a different target past the prefix checks.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, 'http://league.invalid');
    if (url.origin !== 'http://league.invalid') return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
