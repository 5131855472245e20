import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFeatureCsv } from './parseFeatureCsv.js';
import { readFeatureCsv, readFeatureCsvSync } from './readFeatureCsv.js';
import { asyncErrorOf, errorOf } from './__fixtures__/errorOf.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-data-features-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readFeatureCsv', () => {
  it('reads every column in file order', async () => {
    const path = join(dir, 'x.csv');
    writeFileSync(path, 'a,b\n1,2\n3,4\n');
    const t = await readFeatureCsv(path);
    expect(t.names).toEqual(['a', 'b']);
    expect({ rows: t.x.rows, cols: t.x.cols }).toEqual({ rows: 2, cols: 2 });
    expect(Array.from(t.x.data)).toEqual([1, 2, 3, 4]);
    expect(Array.from(readFeatureCsvSync(path).x.data)).toEqual([1, 2, 3, 4]);
  });

  it('takes columns by name in the requested order, ignoring extras', () => {
    const t = parseFeatureCsv('id,b,a\n7,2,1\n8,4,3\n', { names: ['a', 'b'] });
    expect(t.names).toEqual(['a', 'b']);
    expect(Array.from(t.x.data)).toEqual([1, 2, 3, 4]);
  });

  it('drops named columns', () => {
    expect(Array.from(parseFeatureCsv('a,y\n1,0\n', { drop: ['y'] }).x.data)).toEqual([1]);
  });

  it('rejects a drop column the file does not have, naming it (it would otherwise let a label through)', () => {
    const e = errorOf(() => parseFeatureCsv('a,y\n1,0\n', { drop: ['zz'], file: 'f.csv' }));
    expect(e.code).toBe('BAD_OPTION');
    expect(e.details).toMatchObject({ fn: 'parseFeatureCsv', arg: 'drop', value: ['zz'] });
    expect(e.message).toContain('"zz"');
    expect(e.message).toContain('"a", "y"');
    expect(errorOf(() => parseFeatureCsv('a,y\n1,0\n', { drop: 'y' as unknown as string[] })).code).toBe('BAD_OPTION');
  });

  it('no feature column left is EMPTY; an empty names list is BAD_OPTION', () => {
    expect(errorOf(() => parseFeatureCsv('a,y\n1,0\n', { drop: ['a', 'y'] })).code).toBe('EMPTY');
    expect(errorOf(() => parseFeatureCsv('a,y\n1,0\n', { names: [] })).code).toBe('BAD_OPTION');
  });

  it('names missing columns', () => {
    const e = errorOf(() => parseFeatureCsv('a,b\n1,2\n', { names: ['a', 'c'], file: 'f.csv' }));
    expect(e.code).toBe('BAD_INPUT');
    expect(e.message).toContain('missing feature column(s) "c"');
  });

  it('applies the same cell validation as parseCsv', async () => {
    expect(errorOf(() => parseFeatureCsv('a,b\n1,2\n3,x\n', { file: 'f.csv' }))).toMatchObject({
      code: 'PARSE_ERROR',
      details: { file: 'f.csv', line: 3, column: 'b' },
    });
    expect(errorOf(() => parseFeatureCsv('a,b\n1,inf\n'))).toMatchObject({ code: 'NON_FINITE', details: { line: 2, column: 'b' } });
    expect(errorOf(() => parseFeatureCsv('a,b\n1\n'))).toMatchObject({ code: 'PARSE_ERROR', details: { line: 2 } });
    expect(errorOf(() => parseFeatureCsv('')).code).toBe('EMPTY');
    expect((await asyncErrorOf(() => readFeatureCsv(join(dir, 'missing.csv')))).code).toBe('NOT_FOUND');
  });

  it("missing: 'nan' reads blank cells, markers and NaN as NaN; infinities and text stay errors; the default names the cell", () => {
    const text = 'a,b,c\n1,,NaN\nNA,2.5,?\n';
    const t = parseFeatureCsv(text, { missing: 'nan' });
    expect(Array.from(t.x.data)).toEqual([1, Number.NaN, Number.NaN, Number.NaN, 2.5, Number.NaN]);
    expect(errorOf(() => parseFeatureCsv(text, { file: 'f.csv' }))).toMatchObject({
      code: 'PARSE_ERROR',
      details: { file: 'f.csv', line: 2, column: 'b' },
    });
    expect(errorOf(() => parseFeatureCsv('a,b\n1,inf\n', { missing: 'nan' }))).toMatchObject({
      code: 'NON_FINITE',
      details: { column: 'b' },
    });
    expect(errorOf(() => parseFeatureCsv('a,b\n1,x\n', { missing: 'nan' }))).toMatchObject({
      code: 'PARSE_ERROR',
      details: { column: 'b' },
    });
    expect(errorOf(() => parseFeatureCsv('a\n1\n', { missing: 'keep' as 'nan' }))).toMatchObject({
      code: 'BAD_OPTION',
      details: { arg: 'missing' },
    });
  });
});
