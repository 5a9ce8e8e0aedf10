/** A cell as text: numbers as written, nothing as empty. */
type Cell = string | number | boolean | null | undefined;

// A spreadsheet runs a cell that starts so as a formula: text from buyers must not (CSV injection).
const FORMULA = /^[=+\-@\t\r]/;

function cellOf(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 text: a header row, then a row each, lines ending CRLF. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly Cell[]>): string {
  return [header, ...rows].map((row) => row.map(cellOf).join(',')).join('\r\n') + '\r\n';
}

/** Offers the text as a file the browser downloads: made here, from what the screen already read. */
export function downloadCsv(filename: string, csv: string): void {
  downloadText(filename, csv, 'text/csv;charset=utf-8');
}

/** Offers text the screen holds as a file of `type`, without a round trip to the server. */
export function downloadText(filename: string, text: string, type = 'text/plain;charset=utf-8'): void {
  downloadBlob(filename, new Blob([text], { type }));
}

/** Offers bytes the screen holds as a file the browser saves under `filename`. */
export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** `products-2026-11-29.csv`: what, and the day it was taken. */
export function csvName(what: string, now = new Date()): string {
  return `${what}-${now.toISOString().slice(0, 10)}.csv`;
}
