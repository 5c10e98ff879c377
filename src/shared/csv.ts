/** RFC 4180 quoting, and a leading quote mark for text a spreadsheet would run as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line (CRLF-terminated) of text and number cells. */
export const csvLine = (cells: ReadonlyArray<string | number>) => `${cells.map((cell) => csvField(String(cell))).join(',')}\r\n`;
