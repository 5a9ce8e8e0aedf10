import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, formatCsvRecord, neutraliseFormula, readCsv, readCsvWithHeader } from './csv.js';

async function* chunks(...parts: (string | Uint8Array)[]): AsyncGenerator<string | Uint8Array> {
  for (const part of parts) yield part;
}

async function records(...parts: (string | Uint8Array)[]) {
  const out = [];
  for await (const record of readCsv(chunks(...parts))) out.push(record);
  return out;
}

describe('readCsv', () => {
  it('reads quoted fields holding commas, doubled quotes and line breaks, numbering records not lines', async () => {
    const text = 'a,b\r\n"x, y","say ""hi""\nthere"\n3,\n';
    expect(await records(text)).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['x, y', 'say "hi"\nthere'] },
      { row: 3, cells: ['3', ''] },
    ]);
  });

  it('reads the same records whatever the chunks, even a CRLF or a multi-byte character split between two', async () => {
    const text = '\uFEFFname,note\r\n"Été","東京\r\nok"\r\nlast,"a""b"';
    const whole = await records(text);
    const bytes = new TextEncoder().encode(text);
    const oneByOne = await records(...Array.from(bytes, (b) => Uint8Array.of(b)));
    expect(oneByOne).toEqual(whole);
    expect(await records(...text.split(''))).toEqual(whole);
    expect(whole).toEqual([
      { row: 1, cells: ['name', 'note'] },
      { row: 2, cells: ['Été', '東京\r\nok'] },
      { row: 3, cells: ['last', 'a"b'] },
    ]);
  });

  it('skips blank lines and reads a lone CR as a line end', async () => {
    expect(await records('a\r\rb\n\nc')).toEqual([
      { row: 1, cells: ['a'] },
      { row: 2, cells: ['b'] },
      { row: 3, cells: ['c'] },
    ]);
  });

  it('refuses a quote never closed, text after a closing quote and a stray quote, naming the row', async () => {
    await expect(records('a\n"open')).rejects.toMatchObject({ name: 'CsvSyntaxError', row: 2 });
    await expect(records('a\n"x"y\n')).rejects.toMatchObject({ row: 2, message: 'row 2: text after the closing quote of a field' });
    await expect(records('a\nb"c\n')).rejects.toBeInstanceOf(CsvSyntaxError);
  });

  it('refuses a record longer than the bound instead of holding the file in memory', async () => {
    const read = async () => {
      for await (const _ of readCsv(chunks('a\n"', 'x'.repeat(50), 'y'.repeat(50)), { maxRecordLength: 60 })) void _;
    };
    await expect(read()).rejects.toMatchObject({ row: 2 });
  });
});

describe('readCsvWithHeader', () => {
  it('names cells by their column and fills a short record with empty cells', async () => {
    const out = [];
    for await (const record of readCsvWithHeader(chunks('Handle, Title\nshirt,Shirt\nhat\n'))) out.push(record);
    expect(out).toEqual([
      { row: 2, values: { Handle: 'shirt', Title: 'Shirt' } },
      { row: 3, values: { Handle: 'hat', Title: '' } },
    ]);
  });

  it('refuses a record with more cells than columns, and an empty file', async () => {
    const read = async (text: string) => {
      for await (const _ of readCsvWithHeader(chunks(text))) void _;
    };
    await expect(read('a,b\n1,2,3\n')).rejects.toMatchObject({ row: 2, message: 'row 2: 3 cells for 2 columns' });
    await expect(read('')).rejects.toMatchObject({ row: 1 });
  });
});

describe('formatCsvRecord', () => {
  it('quotes what must be quoted and reads back as written', async () => {
    const cells = ['plain', 'a, b', 'say "hi"', 'two\nlines', ''];
    const text = formatCsvRecord(cells);
    expect(text).toBe('plain,"a, b","say ""hi""","two\nlines",\r\n');
    expect(await records(text)).toEqual([{ row: 1, cells }]);
  });

  it('makes a cell a spreadsheet would run as a formula into text', () => {
    expect(neutraliseFormula("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    for (const start of ['+', '-', '@', '\t', '\r']) expect(neutraliseFormula(`${start}1`)).toBe(`'${start}1`);
    expect(neutraliseFormula('a=b')).toBe('a=b');
    expect(formatCsvRecord(['=1+1', 'x'])).toBe("'=1+1,x\r\n");
  });
});
