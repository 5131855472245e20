import { XaiError } from '@xai/core';

/** A column of a numeric CSV: a header name and one value per row (stride 1 or a row-major block). */
export interface CsvBlock {
  readonly names: readonly string[];
  /** Row-major values, `names.length` per row. */
  readonly data: ArrayLike<number>;
}

/** Shortest round-trip text of a double; keeps the sign of -0 so bytes survive a round trip. */
export function formatNumber(v: number): string {
  return Object.is(v, -0) ? '-0' : String(v);
}

/** CSV text (LF, header first) of blocks placed side by side; every block has `rows` rows. */
export function writeNumericCsv(rows: number, blocks: readonly CsvBlock[]): string {
  const header = blocks.flatMap((b) => b.names).join(',');
  const lines: string[] = [header];
  const cells: string[] = [];
  for (let i = 0; i < rows; i++) {
    cells.length = 0;
    for (const b of blocks) {
      const w = b.names.length;
      for (let j = 0; j < w; j++) cells.push(formatNumber(b.data[i * w + j]!));
    }
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Parses a CSV of numbers written by `writeNumericCsv`: the header must equal `header`,
 * every row must have as many cells, every cell must be a finite number. Errors are
 * PARSE_ERROR naming the file, line (1-based) and column.
 */
export function parseNumericCsv(text: string, file: string, header: readonly string[], fn: string): { rows: number; data: Float64Array } {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const w = header.length;
  if (lines.length === 0 || lines[0] !== header.join(',')) {
    throw new XaiError('PARSE_ERROR', `${file}: line 1: expected header "${header.join(',').slice(0, 60)}"`, {
      fn,
      arg: 'file',
      value: file,
      file,
      line: 1,
    });
  }
  const rows = lines.length - 1;
  const data = new Float64Array(rows * w);
  for (let i = 0; i < rows; i++) {
    const cells = lines[i + 1]!.split(',');
    if (cells.length !== w) {
      throw new XaiError('PARSE_ERROR', `${file}: line ${i + 2}: ${cells.length} cells, expected ${w}`, {
        fn,
        arg: 'file',
        value: file,
        file,
        line: i + 2,
      });
    }
    for (let j = 0; j < w; j++) {
      const cell = cells[j]!;
      const v = cell === '' ? NaN : Number(cell);
      if (!Number.isFinite(v)) {
        throw new XaiError(
          'PARSE_ERROR',
          `${file}: line ${i + 2}, column ${header[j]}: not a finite number: ${JSON.stringify(cell.slice(0, 30))}`,
          { fn, arg: 'file', value: cell, file, line: i + 2, column: header[j] },
        );
      }
      data[i * w + j] = v;
    }
  }
  return { rows, data };
}
