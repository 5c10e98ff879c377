import { describe, expect, it } from 'vitest';
import { CsvError, readCsv, type CsvRecord } from '../../src/server/modules/transfer/csv-reader';
import { csvField, csvLine, csvUnescape } from '../../src/shared/csv';

/** Feeds the bytes in chunks of `size`, so every boundary (inside a quote, a CRLF, a multi-byte character) is crossed. */
async function read(input: string | Uint8Array, size = 3): Promise<CsvRecord[]> {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  }
  const records: CsvRecord[] = [];
  for await (const record of readCsv(chunks())) records.push(record);
  return records;
}

async function failure(input: string | Uint8Array): Promise<CsvError> {
  try {
    await read(input);
  } catch (error) {
    if (error instanceof CsvError) return error;
    throw error;
  }
  throw new Error('the read did not fail');
}

describe('CSV reader (RFC 4180, streamed)', () => {
  it('reads quoted commas, doubled quotes and line breaks inside quotes, with the line each record starts on', async () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\nlast,,\r\n';
    for (const size of [1, 2, 3, 7, 1000]) {
      expect(await read(text, size)).toEqual([
        { line: 1, cells: ['a', 'b', 'c'] },
        { line: 2, cells: ['x, y', 'say "hi"', 'two\r\nlines'] },
        { line: 4, cells: ['last', '', ''] },
      ]);
    }
  });

  it('takes LF and bare CR line ends, skips blank lines and reads a last line without an end', async () => {
    expect(await read('a,b\n\n1,2\r3,"4\n5"\n6,7')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', '2'] },
      { line: 4, cells: ['3', '4\n5'] },
      { line: 6, cells: ['6', '7'] },
    ]);
  });

  it('drops a UTF-8 BOM and keeps multi-byte characters split across chunks', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('título,€\nñ,"😀"\n')]);
    for (const size of [1, 2, 5]) {
      expect(await read(bytes, size)).toEqual([
        { line: 1, cells: ['título', '€'] },
        { line: 2, cells: ['ñ', '😀'] },
      ]);
    }
  });

  it('refuses bytes that are not UTF-8, naming the line', async () => {
    const latin1 = new Uint8Array([...new TextEncoder().encode('a,b\nok,1\ncaf'), 0xe9, ...new TextEncoder().encode(',2\n')]);
    const error = await failure(latin1);
    expect(error.line).toBe(3);
    expect(error.message).toBe('line 3: the file is not valid UTF-8 text');
    expect((await failure(new Uint8Array([0x61, 0x0a, 0xff, 0xfe]))).line).toBe(2);
  });

  it('refuses a quote inside a bare cell, text after a closing quote and a quote never closed', async () => {
    expect((await failure('a,b\nx,ab"c\n')).message).toBe('line 2: a quote mark inside a cell that does not start with one');
    expect((await failure('a,b\n"x"y,1\n')).message).toBe('line 2: text after the closing quote of a cell');
    expect((await failure('a,b\n1,2\n"open,\n\n\n')).message).toBe('line 3: a quoted cell is never closed');
  });

  it('stops a record with too many cells instead of holding it', async () => {
    expect((await failure(`${','.repeat(1_500)}\n`)).message).toMatch(/^line 1: more than 1000 cells/);
  });
});

describe('CSV writer', () => {
  it('quotes commas, quotes and line breaks (RFC 4180) and reads back the same', async () => {
    const cells = ['plain', 'a, b', 'say "hi"', 'two\nlines', 'cr\rhere', ''];
    const line = csvLine(cells);
    expect(line).toBe('plain,"a, b","say ""hi""","two\nlines","cr\rhere",\r\n');
    expect((await read(line))[0]!.cells).toEqual(cells);
  });

  it('escapes every cell a spreadsheet would run as a formula, and the escape undoes exactly', async () => {
    const hostile = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR', "'=already quoted", "''=twice", "'plain"];
    for (const value of hostile.slice(0, 6)) expect(csvField(value).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField("'plain")).toBe("'plain");
    const [record] = await read(csvLine(hostile));
    expect(record!.cells.map(csvUnescape)).toEqual(hostile);
    expect(record!.cells.every((cell) => !/^[=+\-@\t\r]/.test(cell))).toBe(true);
  });
});
