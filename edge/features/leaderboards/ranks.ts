/**
 * Standard competition ranking (1, 2, 2, 4) of one page of a list read best first, without reading the rows before
 * it: the database counts what precedes the page's first row, and ties carry through the page. Pure, so a property
 * test can hold it against a reference ranking of the whole list.
 */

/**
 * Ranks of a page of `values` (descending). `above` = listed rows with a value strictly greater than the first row's;
 * `before` = listed rows ahead of the first row in the list's order (its 0-based position).
 */
export function pageRanks(values: readonly number[], above: number, before: number): number[] {
  const ranks: number[] = [];
  values.forEach((value, i) => {
    if (i === 0) ranks.push(above + 1);
    // A tie keeps the rank of the first row with that value; a new value ranks by its position in the whole list.
    else ranks.push(value === values[i - 1] ? ranks[i - 1]! : before + i + 1);
  });
  return ranks;
}
