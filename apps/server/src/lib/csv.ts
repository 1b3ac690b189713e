/**
 * CSV for the export (CONTRACT 5.6): RFC 4180 quoting, and every cell that a spreadsheet would read
 * as a formula (beginning with =, +, -, @, a tab or a carriage return) prefixed with `'`, so a
 * complaint's description can never run in the dean's spreadsheet.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** The UTF-8 byte-order mark: without it spreadsheet programs read UTF-8 (Hindi names) as Latin-1. */
export const CSV_BOM = '\uFEFF';

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 says. */
export const csvRow = (cells: readonly (string | number | boolean | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;
