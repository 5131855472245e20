import { describe, expect, it } from 'vitest';
import { parseCsvTable } from './parseCsvTable.js';
import { csvSource } from './csvSource.js';

// Values written by hand in both conventions: the German `1.178,84` is 1178.84.
describe('parseCsvTable: decimal commas with thousands points', () => {
  it('a ;-table reads 1.178,84 as 1178.84 and, in the same column, 2.500 as 2500 and 12,5 as 12.5', () => {
    const t = parseCsvTable('a;b;y\n-1.178,84;0,5;0\n2.500;1,25;1\n12,5;2;0\n1.234.567,1;-0,75;1\n', { label: 'y' });
    expect(t.categorical).toEqual({});
    expect(Array.from(t.data)).toEqual([-1178.84, 0.5, 2500, 1.25, 12.5, 2, 1234567.1, -0.75]);
  });
  it('a point that cannot be a thousands mark (1.5) beside 1.178,84 is refused by line and column', () => {
    expect(() => parseCsvTable('a;y\n1.178,84;0\n1.5;1\n', { label: 'y', name: 't.csv' })).toThrow(
      expect.objectContaining({ code: 'PARSE_ERROR', details: expect.objectContaining({ line: 3, column: 'a', reason: 'decimal-comma' }) }),
    );
  });
  it('without a cell showing both marks, 1.178 beside 1,5 stays ambiguous and is refused', () => {
    expect(() => parseCsvTable('a;y\n1,5;0\n1.178;1\n', { label: 'y' })).toThrow(expect.objectContaining({ code: 'PARSE_ERROR' }));
  });
  it('with another separator, 1.178,84 (quoted) is refused rather than read as a text code', () => {
    expect(() => parseCsvTable('a,y\n"1.178,84",0\n"2,5",1\n', { label: 'y' })).toThrow(
      expect.objectContaining({ code: 'PARSE_ERROR', details: expect.objectContaining({ line: 2, reason: 'decimal-comma' }) }),
    );
  });
});

describe('csvSource: a label with one class', () => {
  it('is refused naming the file, the label column and the class', () => {
    const content = `a,y\n${Array.from({ length: 20 }, (_, i) => `${i},1.0`).join('\n')}\n`;
    expect(() => csvSource({ name: 'one.csv', content })).toThrow(
      /one\.csv: the label column "y" holds a single class "1"; an audit needs at least 2 \(is --label the right column\?\)/,
    );
  });
});
