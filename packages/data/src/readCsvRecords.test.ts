import { describe, expect, it } from 'vitest';
import { isXaiError } from '@xai/core';
import { readCsvRecords } from './readCsvRecords.js';

function failure(call: () => unknown): { code: string; line: unknown; fn: unknown } {
  try {
    call();
  } catch (e) {
    if (!isXaiError(e)) throw e;
    return { code: e.code, line: e.details.line, fn: e.details.fn };
  }
  throw new Error('expected a throw');
}

describe('readCsvRecords', () => {
  it('reads quoted fields, doubled quotes and a BOM, keeping cells as written', () => {
    const r = readCsvRecords('\ufeffid,"b, quoted",y\r\n1,"x ""q""", yes\r\n');
    expect(r.header).toEqual(['id', 'b, quoted', 'y']);
    expect(r.rows).toEqual([['1', 'x "q"', ' yes']]);
    expect(r.delimiter).toBe(',');
  });

  it('gives the physical start line of each row across blank lines and quoted line breaks', () => {
    // line 1 header, line 2 row, line 3 blank, lines 4-5 one row with a quoted break, line 6 row
    const text = 'a,b\n1,2\n\n"x\ny",3\n4,5\n';
    const r = readCsvRecords(text);
    expect(r.rows).toEqual([
      ['1', '2'],
      ['x\ny', '3'],
      ['4', '5'],
    ]);
    expect(r.lines).toEqual([2, 4, 6]);
  });

  it('detects tab and semicolon delimiters from the header line', () => {
    expect(readCsvRecords('a\tb\n1\t2\n').rows).toEqual([['1', '2']]);
    expect(readCsvRecords('a;b\n1;2\n').delimiter).toBe(';');
  });

  it('rejects structural faults naming the line and the calling function', () => {
    expect(failure(() => readCsvRecords('a,b\n1,2\n3\n', { fn: 'parseCsvTable' }))).toEqual({
      code: 'PARSE_ERROR',
      line: 3,
      fn: 'parseCsvTable',
    });
    expect(failure(() => readCsvRecords('a,a\n1,2\n')).code).toBe('PARSE_ERROR');
    expect(failure(() => readCsvRecords('a,b\n')).code).toBe('EMPTY');
    expect(failure(() => readCsvRecords('')).code).toBe('EMPTY');
    expect(() => readCsvRecords('a,b\n', { sep: ',' } as never)).toThrow(/unknown option 'sep'/);
  });
});
