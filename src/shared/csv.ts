// A cell a spreadsheet would run as a formula; quote marks already in front are counted, so the escape can be undone exactly.
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** RFC 4180 quoting, and a leading quote mark for text a spreadsheet would run as a formula. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The text csvField escaped, back as it was: one leading quote mark before a formula start is dropped. */
export const csvUnescape = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

/** One CSV line (CRLF-terminated) of text and number cells. */
export const csvLine = (cells: ReadonlyArray<string | number>) => `${cells.map((cell) => csvField(String(cell))).join(',')}\r\n`;
