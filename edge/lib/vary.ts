/** Adds `value` to an answer's Vary header unless it is there already (or Vary is `*`). */
export function appendVary(headers: Headers, value: string): void {
  const current = headers.get('Vary');
  if (current === '*' || current?.toLowerCase().split(/\s*,\s*/).includes(value.toLowerCase())) return;
  headers.set('Vary', current ? `${current}, ${value}` : value);
}
