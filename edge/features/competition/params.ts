/** An id from the path: positive integers only; anything else names nothing (404, never a 500 from the database). */
export function parseId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,14}$/.test(raw)) return null;
  return Number(raw);
}
