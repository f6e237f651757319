// Money as the screens show it. Amounts arrive in dollars (the API's shape); cents only exist on the server.
const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Whole dollars, rounded down as the prize breakdown is (000 s9): "$1,000". */
export function formatMoney(amount: number): string {
  return wholeDollars.format(Math.floor(amount));
}

/** An amount as a checkout shows it: "$25", or "$12.50" when there are cents. */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? dollars.format(amount) : cents.format(amount);
}
