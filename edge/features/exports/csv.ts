/**
 * RFC 4180 CSV for the results export: CRLF rows, a field quoted when it holds a comma, quote or line break. A text
 * starting with =, +, - or @ (a member's name, a court) is prefixed with ' so a spreadsheet shows it instead of running
 * it as a formula (OWASP's CSV injection advice); numbers are written as numbers.
 */
export type CsvValue = string | number | boolean | null;

export function csvField(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
