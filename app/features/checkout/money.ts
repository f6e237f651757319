const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in dollars as a checkout shows it: "$25", or "$12.50" when there are cents. */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? dollars.format(amount) : cents.format(amount);
}
