import { describe, expect, it } from 'vitest';
import { parseCsv } from './parseCsv.js';
import { errorOf } from './__fixtures__/errorOf.js';

describe('parseCsv: reading', () => {
  it('splits features and label and keeps file order', () => {
    const t = parseCsv('a,y,b\n1,0,2\n3,1,4.5\n', { label: 'y' });
    expect(t.header).toEqual(['a', 'y', 'b']);
    expect(t.schema.names).toEqual(['a', 'b']);
    expect({ rows: t.x.rows, cols: t.x.cols }).toEqual({ rows: 2, cols: 2 });
    expect(Array.from(t.x.data)).toEqual([1, 2, 3, 4.5]);
    expect(Array.from(t.y!)).toEqual([0, 1]);
    expect(t.classes).toBe(2);
  });

  it('handles quoted fields, CRLF, a BOM and blank lines', () => {
    const text = '\uFEFF"a","b,with comma",y\r\n"1","2",0\r\n\r\n3,"-4e-1",1\r\n';
    const t = parseCsv(text, { label: 'y' });
    expect(t.schema.names).toEqual(['a', 'b,with comma']);
    expect(Array.from(t.x.data)).toEqual([1, 2, 3, -0.4]);
    expect(Array.from(t.y!)).toEqual([0, 1]);
  });

  it('reads tab-separated text (Dataverse format) and bytes', () => {
    const t = parseCsv(new TextEncoder().encode('a\tb\n1\t2\n'));
    expect(Array.from(t.x.data)).toEqual([1, 2]);
    expect(t.y).toBeUndefined();
  });

  it('infers kinds: binary integer columns are discrete unless maxDiscreteLevels says otherwise', () => {
    const text = 'bin,levels3,real,big\n0,1,0.5,10\n1,2,1.5,20\n1,3,2,30\n0,1,3,40\n';
    expect(parseCsv(text).schema.kinds).toEqual(['discrete', 'continuous', 'continuous', 'continuous']);
    expect(parseCsv(text, { maxDiscreteLevels: 3 }).schema.kinds).toEqual(['discrete', 'discrete', 'continuous', 'continuous']);
    expect(parseCsv(text, { kinds: { bin: 'continuous', big: 'discrete' } }).schema.kinds).toEqual([
      'continuous',
      'continuous',
      'continuous',
      'discrete',
    ]);
    expect(parseCsv(text, { kinds: ['continuous', 'continuous', 'discrete', 'discrete'] }).schema.kinds).toEqual([
      'continuous',
      'continuous',
      'discrete',
      'discrete',
    ]);
  });

  it('rejects bad kinds and groups options', () => {
    expect(errorOf(() => parseCsv('a,b\n1,2\n', { kinds: ['discrete'] })).code).toBe('BAD_OPTION');
    expect(errorOf(() => parseCsv('a,b\n1,2\n', { kinds: { c: 'discrete' } })).code).toBe('BAD_OPTION');
    expect(errorOf(() => parseCsv('a,b\n1,2\n', { groups: [[0, 2]] })).code).toBe('BAD_OPTION');
    expect(errorOf(() => parseCsv('a,b\n1,2\n', { labelKind: 'multi' as never })).code).toBe('BAD_OPTION');
  });

  it("accepts integer class labels with labelKind 'integer'", () => {
    const t = parseCsv('a,y\n1,2\n2,0\n', { label: 'y', labelKind: 'integer' });
    expect(Array.from(t.y!)).toEqual([2, 0]);
    expect(t.classes).toBe(3);
  });
});

describe('parseCsv: bad input names file, line and column', () => {
  const opts = { label: 'y', file: 'bad.csv' };

  it('ragged row', () => {
    const e = errorOf(() => parseCsv('a,b,y\n1,2,0\n3,4\n', opts));
    expect(e.code).toBe('PARSE_ERROR');
    expect(e.details).toMatchObject({ file: 'bad.csv', line: 3 });
    expect(e.message).toContain('bad.csv, line 3');
    expect(e.message).toMatch(/2 fields.*header has 3/);
  });

  it('non-numeric cell', () => {
    const e = errorOf(() => parseCsv('a,b,y\n1,2,0\n3,abc,1\n', opts));
    expect(e.code).toBe('PARSE_ERROR');
    expect(e.details).toMatchObject({ file: 'bad.csv', line: 3, column: 'b', columnIndex: 2 });
    expect(e.message).toContain('"abc" is not a number');
  });

  it('hexadecimal and empty cells are not numbers', () => {
    expect(errorOf(() => parseCsv('a,y\n0x10,0\n', opts)).details).toMatchObject({ line: 2, column: 'a' });
    const empty = errorOf(() => parseCsv('a,b,y\n1,,0\n', opts));
    expect(empty.code).toBe('PARSE_ERROR');
    expect(empty.message).toContain('missing value');
  });

  it('NaN cell', () => {
    const e = errorOf(() => parseCsv('a,b,y\n1,2,0\n3,4,1\n5,NaN,0\n', opts));
    expect(e.code).toBe('NON_FINITE');
    expect(e.details).toMatchObject({ line: 4, column: 'b' });
  });

  it('Infinity cell (also numeric overflow)', () => {
    expect(errorOf(() => parseCsv('a,b,y\n-Infinity,2,0\n', opts))).toMatchObject({
      code: 'NON_FINITE',
      details: { line: 2, column: 'a' },
    });
    expect(errorOf(() => parseCsv('a,b,y\n1,1e999,0\n', opts))).toMatchObject({ code: 'NON_FINITE', details: { line: 2, column: 'b' } });
  });

  it('missing label column', () => {
    const e = errorOf(() => parseCsv('a,b,target\n1,2,0\n', opts));
    expect(e.code).toBe('BAD_INPUT');
    expect(e.details).toMatchObject({ file: 'bad.csv', line: 1 });
    expect(e.message).toContain('label column "y" not found');
    expect(e.message).toContain('"target"');
  });

  it('non-binary label', () => {
    const e = errorOf(() => parseCsv('a,y\n1,0\n2,1\n3,2\n', opts));
    expect(e.code).toBe('BAD_INPUT');
    expect(e.details).toMatchObject({ line: 4, column: 'y', columnIndex: 2, value: 2 });
    expect(e.message).toContain('binary');
    expect(errorOf(() => parseCsv('a,y\n1,0.5\n', opts)).details).toMatchObject({ line: 2, column: 'y' });
  });

  it('empty file', () => {
    const e = errorOf(() => parseCsv('', opts));
    expect(e.code).toBe('EMPTY');
    expect(e.message).toContain('bad.csv');
    expect(errorOf(() => parseCsv('\uFEFF \r\n', opts)).code).toBe('EMPTY');
  });

  it('header without data rows', () => {
    const e = errorOf(() => parseCsv('a,b,y\n\n', opts));
    expect(e.code).toBe('EMPTY');
    expect(e.message).toContain('no data rows');
  });

  it('duplicate header names', () => {
    const e = errorOf(() => parseCsv('a,b,a,y\n1,2,3,0\n', opts));
    expect(e.code).toBe('PARSE_ERROR');
    expect(e.details).toMatchObject({ line: 1, columnIndex: 3, column: 'a' });
    expect(e.message).toContain('duplicate column name "a" (also column 1)');
  });

  it('empty header name (an unnamed index column)', () => {
    expect(errorOf(() => parseCsv(',a,y\n0,1,0\n', opts))).toMatchObject({ code: 'PARSE_ERROR', details: { line: 1, columnIndex: 1 } });
  });

  it('unterminated quote', () => {
    const e = errorOf(() => parseCsv('a,y\n1,0\n"2,1\n', opts));
    expect(e.code).toBe('PARSE_ERROR');
    expect(e.details).toMatchObject({ line: 3 });
  });

  it('counts physical lines across quoted line breaks and blank lines', () => {
    // The quoted header spans lines 1-2, a blank line 4; the bad cell is on line 5.
    const e = errorOf(() => parseCsv('"a\nb",y\r\n1,0\r\n\r\nzz,1\r\n', opts));
    expect(e.details).toMatchObject({ line: 5, column: 'a\nb' });
  });
});

describe('parseCsv: encodings, line breaks, no features', () => {
  const opts = { label: 'y', file: 'f.csv' } as const;

  it('a file whose only column is the label has no features: EMPTY', () => {
    const e = errorOf(() => parseCsv('y\n0\n1\n', opts));
    expect(e.code).toBe('EMPTY');
    expect(e.message).toContain('no feature columns');
    expect(e.message).toContain('"y"');
  });

  it('UTF-16 with a byte-order mark (LE and BE) is named as such, not a ragged row', () => {
    const le = new Uint8Array(Buffer.from('\ufeffa,y\n1,0\n', 'utf16le'));
    expect([le[0], le[1]]).toEqual([0xff, 0xfe]);
    const eLe = errorOf(() => parseCsv(le, opts));
    expect(eLe.code).toBe('PARSE_ERROR');
    expect(eLe.message).toContain('UTF-16LE');
    expect(eLe.message).toContain('FF FE');
    expect(eLe.message).not.toContain('ragged');
    // Big-endian: swap every byte pair of the little-endian encoding.
    const be = new Uint8Array(le.length);
    for (let i = 0; i < le.length; i += 2) {
      be[i] = le[i + 1]!;
      be[i + 1] = le[i]!;
    }
    const eBe = errorOf(() => parseCsv(be, opts));
    expect(eBe.message).toContain('UTF-16BE');
    expect(eBe.message).toContain('FE FF');
  });

  it('UTF-16 without a byte-order mark is recognised by its NUL bytes (bytes or decoded text)', () => {
    const le = new Uint8Array(Buffer.from('a,y\n1,0\n', 'utf16le'));
    const e = errorOf(() => parseCsv(le, opts));
    expect(e.code).toBe('PARSE_ERROR');
    expect(e.message).toContain('a NUL byte at offset 1'); // 'a' then its zero high byte
    expect(e.message).toContain('UTF-16LE');
    const asText = Buffer.from(le).toString('utf8');
    expect(errorOf(() => parseCsv(asText, opts)).message).toContain('UTF-16');
  });

  it('mixed CRLF / LF / CR line breaks read every row, with line numbers of the file', () => {
    for (const text of ['a,b,y\r\n1,2,0\n3,4,1\r\n', 'a,b,y\n1,2,0\r\n3,4,1\n', 'a,b,y\r1,2,0\n3,4,1\r\n']) {
      const t = parseCsv(text, opts);
      expect(t.schema.names).toEqual(['a', 'b']);
      expect(Array.from(t.x.data)).toEqual([1, 2, 3, 4]);
      expect(Array.from(t.y!)).toEqual([0, 1]);
    }
    // The bad cell sits on physical line 4 whichever break ends each line.
    expect(errorOf(() => parseCsv('a,y\r\n1,0\n2,1\r\nzz,0\n', opts)).details).toMatchObject({ line: 4, column: 'a' });
  });
});
