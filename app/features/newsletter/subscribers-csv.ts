/**
 * The subscriber export of /admin/newsletter as a German spreadsheet opens it: UTF-8 with BOM,
 * semicolons, CRLF. Cells that a spreadsheet would run as a formula (starting with = + - @, or
 * tab / carriage return, OWASP "CSV injection") get a leading apostrophe: an address such as
 * "=HYPERLINK(…)@example.com" can be subscribed by anyone and must stay text.
 */
export function csvCell(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: string[]) {
  return cells.map(csvCell).join(";");
}

export const CSV_BOM = "\uFEFF";
