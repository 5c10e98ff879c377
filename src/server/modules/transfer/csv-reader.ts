/** A record of a CSV file with the line it starts on (1-based, counting the header). */
export type CsvRecord = { line: number; cells: string[] };

/** Why a file cannot be read as CSV, and where. */
export class CsvError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

/** Limits that keep a hostile file from filling the memory: one cell, and cells per record. */
export const CSV_LIMITS = { cellChars: 1_000_000, cells: 1_000 };

const State = { FieldStart: 0, Unquoted: 1, Quoted: 2, QuoteInQuoted: 3 } as const;

/**
 * Reads RFC 4180 CSV as it streams in, one record at a time, so a large file
 * never sits in memory: quoted cells may hold commas, doubled quotes and line
 * breaks; lines end in CRLF, LF or CR. The bytes must be UTF-8 (a leading BOM
 * is dropped): anything else stops the read with the line it was found on, as
 * does a quote in the middle of a bare cell or a quoted cell never closed.
 * Blank lines are skipped.
 */
export async function* readCsv(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let state: number = State.FieldStart;
  let previous = '';
  let first = true;
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let afterCr = false;
  const done: CsvRecord[] = [];

  const endCell = () => {
    if (cells.length >= CSV_LIMITS.cells) throw new CsvError(recordLine, `more than ${CSV_LIMITS.cells} cells in one record`);
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    if (!(cells.length === 1 && cells[0] === '')) done.push({ line: recordLine, cells });
    cells = [];
    line += 1;
    recordLine = line;
    state = State.FieldStart;
  };
  const feed = (input: string) => {
    // Bytes lose their BOM in the decoder; text handed in directly loses it here.
    const text = first && input.startsWith('\uFEFF') ? input.slice(1) : input;
    if (input !== '') first = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (afterCr) {
        afterCr = false;
        if (c === '\n') continue;
      }
      switch (state) {
        case State.FieldStart:
        case State.Unquoted:
          if (c === ',') {
            endCell();
            state = State.FieldStart;
          } else if (c === '\n' || c === '\r') {
            afterCr = c === '\r';
            endRecord();
          } else if (c === '"') {
            if (state === State.Unquoted) throw new CsvError(line, 'a quote mark inside a cell that does not start with one');
            state = State.Quoted;
          } else {
            cell += c;
            state = State.Unquoted;
          }
          break;
        case State.Quoted:
          if (c === '"') state = State.QuoteInQuoted;
          else {
            if (c === '\r' || (c === '\n' && previous !== '\r')) line += 1;
            cell += c;
          }
          break;
        case State.QuoteInQuoted:
          if (c === '"') {
            cell += '"';
            state = State.Quoted;
          } else if (c === ',') {
            endCell();
            state = State.FieldStart;
          } else if (c === '\n' || c === '\r') {
            afterCr = c === '\r';
            endRecord();
          } else throw new CsvError(line, 'text after the closing quote of a cell');
          break;
      }
      previous = c;
      if (cell.length > CSV_LIMITS.cellChars) throw new CsvError(recordLine, `a cell longer than ${CSV_LIMITS.cellChars} characters`);
    }
  };

  const decode = (chunk: Uint8Array | undefined) => {
    try {
      return chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
    } catch {
      // The lines before the bad bytes are read first, so the error names the line they are on.
      if (chunk) {
        const readable = new TextDecoder('utf-8').decode(chunk);
        feed(readable.slice(0, Math.max(0, readable.indexOf('\uFFFD'))));
      }
      throw new CsvError(line, 'the file is not valid UTF-8 text');
    }
  };

  for await (const chunk of source) {
    feed(typeof chunk === 'string' ? chunk : decode(chunk));
    yield* done.splice(0);
  }
  feed(decode(undefined));
  if (state === State.Quoted) throw new CsvError(recordLine, 'a quoted cell is never closed');
  if (state !== State.FieldStart || cell !== '' || cells.length > 0) endRecord();
  yield* done.splice(0);
}
