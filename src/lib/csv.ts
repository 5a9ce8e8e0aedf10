/**
 * CSV as RFC 4180 writes it and spreadsheets export it: fields separated by commas, records by CRLF,
 * LF or CR, a field in double quotes holding commas, line breaks and doubled quotes. Read as a stream,
 * so a file of any length is read in memory bounded by its longest record. No CSV package is installed
 * (csv-parse would be the usual choice); this reader is small enough to own.
 */

/** A record of a CSV file: its cells, and its row as a spreadsheet numbers it (the header is row 1). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/** A file that is not CSV: an open quote never closed, text after a closing quote, a record too long. */
export class CsvSyntaxError extends Error {
  constructor(readonly row: number, message: string) {
    super(`row ${row}: ${message}`);
    this.name = 'CsvSyntaxError';
  }
}

export interface CsvReadOptions {
  /** The longest record, in characters, before the file is refused: a quote never closed would otherwise hold the rest of the file in memory. */
  maxRecordLength?: number;
}

const DEFAULT_MAX_RECORD_LENGTH = 1_000_000;

/**
 * Reads the records of a CSV stream one by one. A byte-order mark is dropped; a blank line is no
 * record. Rows count records, not lines: a cell spanning three lines is still one row.
 * @throws CsvSyntaxError at the first record that is not CSV.
 */
export async function* readCsv(source: AsyncIterable<string | Uint8Array>, options: CsvReadOptions = {}): AsyncGenerator<CsvRecord> {
  const maxRecordLength = options.maxRecordLength ?? DEFAULT_MAX_RECORD_LENGTH;
  const decoder = new TextDecoder('utf-8');
  let cells: string[] = [];
  let cell = '';
  let recordLength = 0;
  // Inside quotes; just after a closing quote (which a second quote turns back into text); after a CR.
  let quoted = false;
  let afterQuote = false;
  let afterCr = false;
  let atStart = true;
  let row = 0;

  const endRecord = (): CsvRecord | undefined => {
    cells.push(cell);
    const done = cells;
    cells = [];
    cell = '';
    recordLength = 0;
    afterQuote = false;
    if (done.length === 1 && done[0] === '') return undefined;
    return { row: ++row, cells: done };
  };

  const consume = function* (text: string): Generator<CsvRecord> {
    let start = 0;
    if (atStart) {
      atStart = false;
      if (text.charCodeAt(0) === 0xfeff) start = 1;
    }
    for (let i = start; i < text.length; i++) {
      const ch = text[i]!;
      if (afterCr) {
        afterCr = false;
        if (ch === '\n') continue;
      }
      if (++recordLength > maxRecordLength) throw new CsvSyntaxError(row + 1, `a record is longer than ${maxRecordLength} characters`);
      if (quoted) {
        if (ch === '"') {
          quoted = false;
          afterQuote = true;
        } else {
          // Copy the run of plain text at once: a long HTML body is most of a product file.
          const next = text.indexOf('"', i);
          const end = next === -1 ? text.length : next;
          cell += text.slice(i, end);
          recordLength += end - i - 1;
          i = end - 1;
        }
        continue;
      }
      if (ch === '"') {
        if (afterQuote) {
          cell += '"';
          quoted = true;
          afterQuote = false;
        } else if (cell === '') {
          quoted = true;
        } else {
          throw new CsvSyntaxError(row + 1, 'a quote inside a field that does not start with one');
        }
      } else if (ch === ',') {
        cells.push(cell);
        cell = '';
        afterQuote = false;
      } else if (ch === '\n' || ch === '\r') {
        afterCr = ch === '\r';
        const record = endRecord();
        if (record) yield record;
      } else if (afterQuote) {
        throw new CsvSyntaxError(row + 1, 'text after the closing quote of a field');
      } else {
        cell += ch;
      }
    }
  };

  for await (const chunk of source) {
    yield* consume(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  }
  yield* consume(decoder.decode());
  if (quoted) throw new CsvSyntaxError(row + 1, 'a quoted field is never closed');
  if (cells.length > 0 || cell !== '' || afterQuote) {
    const record = endRecord();
    if (record) yield record;
  }
}

/**
 * Reads a CSV stream whose first record names the columns, yielding each later record as column →
 * cell. Cells missing at the end of a short record are empty; a record longer than the header is an error.
 * @throws CsvSyntaxError for a file that is not CSV, has no header, or has a record with more cells than columns.
 */
export async function* readCsvWithHeader(
  source: AsyncIterable<string | Uint8Array>,
  options: CsvReadOptions = {},
): AsyncGenerator<{ row: number; values: Record<string, string> }, void, undefined> {
  let columns: string[] | undefined;
  for await (const record of readCsv(source, options)) {
    if (!columns) {
      columns = record.cells.map((name) => name.trim());
      continue;
    }
    if (record.cells.length > columns.length) {
      throw new CsvSyntaxError(record.row, `${record.cells.length} cells for ${columns.length} columns`);
    }
    const values: Record<string, string> = {};
    columns.forEach((name, index) => {
      values[name] = record.cells[index] ?? '';
    });
    yield { row: record.row, values };
  }
  if (!columns) throw new CsvSyntaxError(1, 'the file is empty: it has no header row');
}

/**
 * A cell a spreadsheet would run as a formula (`=cmd|' /C calc'!A0`, `+`, `-`, `@`, or a tab or
 * carriage return before one) made text by a leading apostrophe, as OWASP advises for CSV exports.
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** One record as CSV text, its cells quoted where they must be and neutralised, ended by CRLF. */
export function formatCsvRecord(cells: readonly string[]): string {
  return cells.map((raw) => {
    const cell = neutraliseFormula(raw);
    return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
  }).join(',') + '\r\n';
}
