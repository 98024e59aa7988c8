/**
 * CSV files as a German spreadsheet opens them without an import dialog (decision 024): UTF-8
 * with BOM (so Excel reads the umlauts), semicolons, CRLF. One writer for every download.
 */

/** A cell quoted only where it must be: it holds a semicolon, a quote or a line break. */
export function csvQuotedCell(value: string) {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A cell of text someone outside typed (an e-mail address, a name): cells that a spreadsheet
 * would run as a formula (starting with = + - @, or tab / carriage return, OWASP "CSV
 * injection") get a leading apostrophe, so "=HYPERLINK(…)@example.com" stays text.
 */
export function csvCell(value: string) {
  return csvQuotedCell(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

/** A line of formula-safe cells. */
export function csvLine(cells: string[]) {
  return cells.map(csvCell).join(";");
}

const CSV_BOM = "\uFEFF";

/** The file: BOM, then every line ended by CRLF. */
export function csvDocument(lines: string[]) {
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

/** The download: an attachment never cached, as it holds what only an admin may see. */
export function csvResponse(body: string, filename: string) {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
