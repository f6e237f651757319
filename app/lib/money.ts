// Money as the screens show it. Amounts arrive in dollars (the API's shape); cents only exist on the server.
//
// Written out by hand rather than with Intl.NumberFormat: the first Intl formatter a page builds costs tens of
// milliseconds on a phone (its locale data), inside the first load's long tasks (issue 12, TBT). en-US dollars are
// simple enough; money.test.ts checks these against Intl's own output.

/** 1234567 -> "1,234,567" (a whole, non-negative number). */
export function groupDigits(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function dollarsText(amount: number, fractionDigits: 0 | 2): string {
  const sign = amount < 0 ? '-' : '';
  const [whole = '0', fraction] = Math.abs(amount).toFixed(fractionDigits).split('.');
  return `${sign}$${groupDigits(Number(whole))}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Whole dollars, rounded down as the prize breakdown is (000 s9): "$1,000". */
export function formatMoney(amount: number): string {
  return dollarsText(Math.floor(amount), 0);
}

/** An amount as a checkout shows it: "$25", or "$12.50" when there are cents. */
export function formatAmount(amount: number): string {
  return dollarsText(amount, Number.isInteger(amount) ? 0 : 2);
}
