import { describe, expect, it } from 'vitest';
import { isXaiError } from '@xai/core';
import { formatNumber, parseNumericCsv, writeNumericCsv } from './numericCsv.js';

const codeOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return isXaiError(e) ? `${e.code} ${e.message}` : String(e);
  }
  return 'no error';
};

describe('numeric CSV', () => {
  it('round-trips doubles bit for bit, -0 included', () => {
    const values = Float64Array.from([0.1 + 0.2, -0, 1e-310, -123456.789e200, 5, Math.PI]);
    const text = writeNumericCsv(3, [
      { names: ['a'], data: values.subarray(0, 3) },
      { names: ['b'], data: values.subarray(3) },
    ]);
    const back = parseNumericCsv(text, 'f.csv', ['a', 'b'], 'test');
    expect(back.rows).toBe(3);
    const reordered = Float64Array.from([values[0]!, values[3]!, values[1]!, values[4]!, values[2]!, values[5]!]);
    expect(Buffer.from(back.data.buffer).equals(Buffer.from(reordered.buffer))).toBe(true);
    expect(formatNumber(-0)).toBe('-0');
  });

  it('names the file, line and column of a bad cell', () => {
    const msg = codeOf(() => parseNumericCsv('a,b\n1,2\n3,x\n', 'f.csv', ['a', 'b'], 'test'));
    expect(msg).toMatch(/^PARSE_ERROR .*f\.csv: line 3, column b/);
    expect(codeOf(() => parseNumericCsv('a,b\n1,\n', 'f.csv', ['a', 'b'], 'test'))).toMatch(/^PARSE_ERROR .*line 2, column b/);
    expect(codeOf(() => parseNumericCsv('a,b\n1,2,3\n', 'f.csv', ['a', 'b'], 'test'))).toMatch(/^PARSE_ERROR .*line 2: 3 cells/);
    expect(codeOf(() => parseNumericCsv('a,c\n1,2\n', 'f.csv', ['a', 'b'], 'test'))).toMatch(/^PARSE_ERROR .*line 1/);
  });
});
