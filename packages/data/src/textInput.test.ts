// Text in, honestly: a CSV that is not UTF-8, or that writes decimals with a comma, is refused
// naming the place and the option that reads it; told the encoding or the decimal mark, it reads
// as meant. Numeric labels are classes by value.
import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { parseFeatureCsv } from './parseFeatureCsv.js';
import { parseUserDataset } from './parseUserDataset.js';
import { readCsvRecords } from './readCsvRecords.js';

function errorOf(f: () => unknown): Error & { code?: string } {
  try {
    f();
  } catch (e) {
    expect(isXaiError(e)).toBe(true);
    return e as Error & { code?: string };
  }
  throw new Error('expected an error');
}

// Windows-1252: ü = 0xfc, ö = 0xf6. Decoded with U+FFFD both names would be "M�ller".
const cp1252 = (text: string): Uint8Array => Uint8Array.from(text, (c) => ({ ü: 0xfc, ö: 0xf6 })[c] ?? c.charCodeAt(0));
const names = `name,x,y\n${Array.from({ length: 40 }, (_, i) => `${i % 2 ? 'Müller' : 'Möller'},${i % 5},${i % 2}`).join('\n')}\n`;

describe('encodings', () => {
  it('invalid UTF-8 is an error naming the file, line, byte and the option; declared, it reads as written', () => {
    const bytes = cp1252(names);
    const e = errorOf(() => parseUserDataset(bytes, { label: 'y', file: 'people.csv' }));
    expect(e.code).toBe('PARSE_ERROR');
    expect(e.message).toMatch(/people\.csv: line 2: invalid UTF-8 at byte offset 10 \(byte 0xf6, column 2 of the line\).*--encoding/);
    const ds = parseUserDataset(bytes, { label: 'y', file: 'people.csv', encoding: 'windows-1252', validationFraction: 0 });
    expect(ds.schema.names).toEqual(['name=Möller', 'name=Müller', 'x']);
    expect(readCsvRecords(bytes, { encoding: 'latin1' }).rows[0]![0]).toBe('Möller');
    expect(() => parseFeatureCsv(bytes, { drop: ['name'] })).toThrow(/invalid UTF-8/);
    expect(() => parseUserDataset(bytes, { label: 'y', encoding: 'ebcdic' })).toThrow(/unknown encoding "ebcdic"/);
  });

  it('UTF-16 is refused unless declared', () => {
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Buffer.from('a,y\n1,0\n2,1\n', 'utf16le')]);
    expect(() => readCsvRecords(utf16)).toThrow(/UTF-16LE/);
    expect(readCsvRecords(utf16, { encoding: 'utf-16le' }).rows).toEqual([
      ['1', '0'],
      ['2', '1'],
    ]);
  });
});

describe('decimal commas', () => {
  const rows = Array.from({ length: 30 }, (_, i) => [i % 4, (i % 7) + (i % 10) / 10, i % 2] as const);
  const semicolons = `a;b;y\n${rows.map(([a, b, y]) => `${a};${b.toFixed(1).replace('.', ',')};${y}`).join('\n')}\n`;
  const points = `a,b,y\n${rows.map(([a, b, y]) => `${a},${b.toFixed(1)},${y}`).join('\n')}\n`;

  it("a ';'-separated column of decimal-comma numbers is read as numbers, the same dataset as the decimal-point file, and said so", () => {
    const eu = parseUserDataset(semicolons, { label: 'y', file: 'eu.csv', validationFraction: 0 });
    const us = parseUserDataset(points, { label: 'y', validationFraction: 0 });
    expect(eu.schema.names).toEqual(['a', 'b']);
    expect(Array.from(eu.train.x.data)).toEqual(Array.from(us.train.x.data));
    expect(eu.provenance.steps.join('\n')).toContain('eu.csv: column "b" read with decimal commas (1,3 = 1.3)');
    // Thousands points once a cell shows both marks; tabs separate such files too.
    expect(readCsvRecords('a;b\n1.234,5;2\n2.500;1,5\n').rows).toEqual([
      ['1234.5', '2'],
      ['2500', '1.5'],
    ]);
    expect(readCsvRecords('a\tb\n0,25\t2\n').rows[0]).toEqual(['0.25', '2']);
  });

  it("in a ','-separated file a quoted decimal comma is refused naming line, column and the option; decimal ',' reads it, '.' keeps it as text", () => {
    const quoted = `a,b,y\n${rows.map(([a, b, y]) => `${a},"${b.toFixed(1).replace('.', ',')}",${y}`).join('\n')}\n`;
    const e = errorOf(() => parseUserDataset(quoted, { label: 'y', file: 'q.csv' }));
    expect(e.code).toBe('PARSE_ERROR');
    expect(e.message).toContain('q.csv, line 2, column 2 ("b"): "0,0" has a comma in a \',\'-separated file');
    expect(e.message).toContain("decimal ',' (--decimal ,) reads it as 0.0");
    const read = parseUserDataset(quoted, { label: 'y', decimal: ',', validationFraction: 0 });
    expect(Array.from(read.train.x.data)).toEqual(Array.from(parseUserDataset(points, { label: 'y', validationFraction: 0 }).train.x.data));
    expect(readCsvRecords(quoted, { decimal: '.' }).rows[0]).toEqual(['0', '0,0', '0']);
    expect(() => readCsvRecords(quoted, { decimal: 'comma' as ',' })).toThrow(/decimal/);
  });

  it('a column mixing decimal points and commas is refused naming the point and the comma', () => {
    const e = errorOf(() => readCsvRecords('a;y\n1,5;0\n2.25;1\n', { file: 'm.csv' }));
    expect(e.message).toContain(
      'm.csv, line 3, column 1 ("a"): the column mixes decimal points ("2.25") and decimal commas ("1,5" at line 2)',
    );
    // Text with commas is text: a column that is not all numbers is left as written.
    expect(readCsvRecords('a;y\n"Smith, J";0\n1,5;1\n').rows[1]).toEqual(['1,5', '1']);
  });
});

describe('labels', () => {
  it('numeric labels are classes by value: 2 and 2.0 are one class', () => {
    const text = `a,y\n${Array.from({ length: 30 }, (_, i) => `${i},${i % 2 ? (i % 4 === 1 ? '1.0' : '1') : '0'}`).join('\n')}\n`;
    const ds = parseUserDataset(text, { label: 'y', validationFraction: 0 });
    expect(ds.classes).toBe(2);
    expect(ds.preprocessing.label?.classes).toEqual(['0', '1']);
  });
});
