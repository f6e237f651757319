// Dates as the app writes them (app/lib/dates.ts), in UTC: the browser's time zone in playwright.config.ts. Written
// out here rather than imported, so a spec states what the screen must show.

/** "November 27th, 2026". */
export function longDateUtc(iso: string): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  const suffix =
    day % 100 >= 11 && day % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(date);
  return `${month} ${day}${suffix}, ${date.getUTCFullYear()}`;
}

/** "November 22nd, 2026 at 1:00 PM". */
export function longDateTimeUtc(iso: string): string {
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(iso),
  );
  return `${longDateUtc(iso)} at ${time}`;
}
