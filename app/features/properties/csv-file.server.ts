import { parse, CsvError } from "csv-parse";
import { logger } from "~/lib/logger.server";
import {
  CSV_MAX_BYTES,
  detectDelimiter,
  lineAt,
  lineStarts,
  readHeader,
  skipBlank,
  validateCsvRow,
  type CsvColumn,
  type CsvIssue,
  type CsvProperty,
} from "./csv-import";

/**
 * Reads a CSV file of properties (spec 06 "CSV import"): UTF-8 with or without BOM, comma or
 * semicolon (detected from the header), quoted fields with delimiters and line breaks, headers
 * and values trimmed. The file is streamed through csv-parse record by record; each record is
 * checked by the pure row rules and reported with the PHYSICAL line of the file it starts on
 * (header = line 1; a quoted field with line breaks makes the next record start further down).
 */

/** Why a file could not be read at all; the page words it ("Fehler beim Verarbeiten…: …"). */
export type CsvFileError =
  | { code: "tooLarge" }
  | { code: "empty" }
  | { code: "notUtf8" }
  | { code: "controlCharacters" }
  | { code: "missingColumns"; columns: string }
  | { code: "quoteNotClosed"; line: number }
  | { code: "invalidQuotes"; line: number }
  | { code: "unreadable"; line: number };

export type RowError = { line: number; issues: CsvIssue[] };

export type ParsedCsv =
  { ok: true; properties: CsvProperty[]; errors: RowError[] } | { ok: false; error: CsvFileError };

/** C0 controls other than tab, LF and CR, and DEL: no CSV a person saves has them. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export async function parseCsvFile(bytes: Uint8Array, today: string): Promise<ParsedCsv> {
  if (bytes.length > CSV_MAX_BYTES) return { ok: false, error: { code: "tooLarge" } };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, error: { code: "notUtf8" } };
  }
  if (CONTROL.test(text)) return { ok: false, error: { code: "controlCharacters" } };
  if (!text.trim()) return { ok: false, error: { code: "empty" } };

  const firstLine = text.split(/\r\n|\n|\r/, 1)[0];
  const starts = lineStarts(bytes);
  const parser = parse({
    delimiter: detectDelimiter(firstLine),
    bom: true,
    info: true,
    trim: true,
    relax_column_count: true,
    skip_empty_lines: true,
  });
  // Fed in slices, so records are checked while the rest is still being parsed.
  const feed = (async () => {
    const slice = 256 * 1024;
    for (let at = 0; at < bytes.length && !parser.destroyed; at += slice) {
      const chunk = Buffer.from(
        bytes.buffer,
        bytes.byteOffset + at,
        Math.min(slice, bytes.length - at),
      );
      if (!parser.write(chunk)) {
        // Stopped early (a missing column, a broken quote): "close" ends the wait too.
        await new Promise<void>((resolve) => {
          const done = () => {
            parser.off("drain", done);
            parser.off("close", done);
            resolve();
          };
          parser.on("drain", done);
          parser.on("close", done);
        });
      }
    }
    if (!parser.destroyed) parser.end();
  })();

  let header: (CsvColumn | null)[] | null = null;
  let recordEnd = 0;
  const properties: CsvProperty[] = [];
  const errors: RowError[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { bytes: number };
    }>) {
      // The record began at the first non-blank byte after the previous one ended.
      const line = lineAt(starts, skipBlank(bytes, recordEnd));
      recordEnd = info.bytes;
      const cells = record.map((cell) => cell.trim());
      if (!header) {
        const read = readHeader(cells);
        if (read.missing.length > 0) {
          parser.destroy();
          return { ok: false, error: { code: "missingColumns", columns: read.missing.join(", ") } };
        }
        header = read.columns;
        continue;
      }
      if (cells.every((cell) => cell === "")) continue; // a row of empty cells (";;;;")
      const values: Partial<Record<CsvColumn, string>> = {};
      header.forEach((column, i) => {
        if (column) values[column] = cells[i] ?? "";
      });
      const extra = cells.slice(header.length).filter(Boolean).length;
      const result = validateCsvRow(values, today);
      const issues = result.ok ? [] : result.issues;
      if (extra > 0) {
        issues.push({ code: "extraFields", count: cells.length, expected: header.length });
      }
      if (result.ok && issues.length === 0) properties.push(result.property);
      else errors.push({ line, issues });
    }
    await feed;
  } catch (error) {
    // csv-parse's `bytes` is where the last whole record ended: the broken one starts after it
    // (records still buffered when the error came are not counted in `recordEnd`).
    const brokenAt =
      error instanceof CsvError && typeof (error as { bytes?: unknown }).bytes === "number"
        ? (error as unknown as { bytes: number }).bytes
        : recordEnd;
    const line = lineAt(starts, skipBlank(bytes, brokenAt));
    if (error instanceof CsvError) {
      if (error.code === "CSV_QUOTE_NOT_CLOSED") {
        return { ok: false, error: { code: "quoteNotClosed", line } };
      }
      if (/QUOTE/.test(error.code)) return { ok: false, error: { code: "invalidQuotes", line } };
    }
    logger.warn({ err: error }, "a CSV file could not be parsed");
    return { ok: false, error: { code: "unreadable", line } };
  }
  if (!header) return { ok: false, error: { code: "empty" } };
  return { ok: true, properties, errors };
}
