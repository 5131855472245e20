import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATASETS } from '../../test/helpers.js';
import { csvAdapter } from './csvAdapter.js';
import { parseCsvTable } from './parseCsvTable.js';

describe('parseCsvTable', () => {
  it('parses quotes, codes text columns by sorted value, takes the last column as label', () => {
    const t = parseCsvTable('a,"b, quoted",y\r\n1,"x ""q""",yes\n2,w,no\n');
    expect(t.header).toEqual(['a', 'b, quoted']);
    expect(t.labelName).toBe('y');
    expect(t.labels).toEqual(['yes', 'no']);
    expect(t.categorical['b, quoted']).toEqual(['w', 'x "q"']);
    expect(Array.from(t.data)).toEqual([1, 1, 2, 0]);
  });

  it('takes a named label column', () => {
    const t = parseCsvTable('y,a,b\n1,2,3\n0,4,5\n', { label: 'y' });
    expect(t.header).toEqual(['a', 'b']);
    expect(Array.from(t.data)).toEqual([2, 3, 4, 5]);
  });

  it('reports ragged rows, empty cells and a missing label with file and line', () => {
    expect(() => parseCsvTable('a,y\n1,0\n1,0,3\n', { name: 'f.csv' })).toThrow(
      expect.objectContaining({ code: 'PARSE_ERROR', details: expect.objectContaining({ line: 3 }) }),
    );
    expect(() => parseCsvTable('a,y\n1,0\n,1\n', { name: 'f.csv' })).toThrow(
      expect.objectContaining({ code: 'PARSE_ERROR', details: expect.objectContaining({ line: 3 }) }),
    );
    expect(() => parseCsvTable('a,y\n1,0\n', { label: 'z' })).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => parseCsvTable('a,y\n')).toThrow(expect.objectContaining({ code: 'EMPTY' }));
    expect(() => parseCsvTable('a\n1\n')).toThrow(expect.objectContaining({ code: 'PARSE_ERROR' }));
  });
});

describe('parseCsvTable: bad input does not slip through', () => {
  const err = (f: () => unknown): { code?: string | undefined; line?: number | undefined; column?: unknown } => {
    try {
      f();
    } catch (e) {
      const x = e as { code?: string; details?: { line?: number; column?: unknown } };
      return { code: x.code, line: x.details?.line, column: x.details?.column };
    }
    return {};
  };
  // A text id column forces the small reader; without it @xai/data's parseCsv reads the table.
  const withText = (body: string): string =>
    body
      .split('\n')
      .map((l, i) => (l.trim() === '' ? l : `${i === 0 ? 'uid' : `u${i}`},${l}`))
      .join('\n');

  it('labels 1, 1.0 and +1 are one class (numeric path and text path)', () => {
    const csv = 'a,y\n1,0\n2,1.0\n3,1\n4,+1\n5,0.0\n';
    for (const t of [parseCsvTable(csv), parseCsvTable(withText(csv))]) {
      expect(t.numericLabels).toBe(true);
      expect(new Set(t.labels)).toEqual(new Set(['0', '1']));
    }
    expect(parseCsvTable(withText(csv)).categorical.uid).toHaveLength(5);
  });

  it('a NaN, Infinity or overflowing cell in a numeric column is NON_FINITE, never a text code', () => {
    for (const bad of ['NaN', 'nan', 'Infinity', '-inf', '1e999']) {
      const csv = `a,b,y\n1,2,0\n3,${bad},1\n5,6,1\n7,8,0\n`;
      expect(
        err(() => parseCsvTable(csv, { name: 'f.csv' })),
        bad,
      ).toMatchObject({ code: 'NON_FINITE', line: 3, column: 'b' });
      expect(
        err(() => parseCsvTable(withText(csv), { name: 'f.csv' })),
        bad,
      ).toMatchObject({ code: 'NON_FINITE', line: 3, column: 'b' });
    }
  });

  it("a '?' or 'NA' in a mostly numeric column is a PARSE_ERROR naming line and column", () => {
    for (const bad of ['?', 'NA', 'n/a']) {
      const csv = `a,b,y\n1,2,0\n3,4,1\n5,${bad},1\n7,8,0\n`;
      expect(
        err(() => parseCsvTable(csv, { name: 'f.csv' })),
        bad,
      ).toMatchObject({ code: 'PARSE_ERROR', line: 4, column: 'b' });
      expect(
        err(() => parseCsvTable(withText(csv), { name: 'f.csv' })),
        bad,
      ).toMatchObject({ code: 'PARSE_ERROR', line: 4, column: 'b' });
    }
    // a missing label is an error too, not a third class
    expect(err(() => parseCsvTable(withText('a,y\n1,0\n2,1\n3,?\n'), { name: 'f.csv' }))).toMatchObject({
      code: 'PARSE_ERROR',
      line: 4,
      column: 'y',
    });
  });

  it('a BOM is not part of the first column name', () => {
    for (const csv of ['\ufeffy,a,b\n0,1,2\n1,3,4\n', '\ufeffy,id,b\n0,u1,2\n1,u2,4\n']) {
      const t = parseCsvTable(csv, { label: 'y' });
      expect(t.labelName).toBe('y');
      expect(t.header[0]!.charCodeAt(0)).not.toBe(0xfeff);
      expect(t.labels).toEqual(['0', '1']);
    }
  });

  it('blank lines (trailing, inside, whitespace-only, CRLF) are skipped; later lines keep their numbers', () => {
    for (const csv of ['a,y\n1,0\n2,1\n\n', 'a,y\r\n1,0\r\n\r\n2,1\r\n\r\n', 'a,y\n1,0\n   \n2,1\n']) {
      expect(parseCsvTable(csv).rows).toBe(2);
      expect(parseCsvTable(withText(csv)).rows).toBe(2);
    }
    // line numbers count the skipped lines (physical lines)
    expect(err(() => parseCsvTable('id,a,y\nu1,1,0\n\n\nu2,zz,1\nu3,3,1\n', { name: 'f.csv' }))).toMatchObject({
      code: 'PARSE_ERROR',
      line: 5,
      column: 'a',
    });
  });

  it('string id columns stay text even when a few ids look like numbers (hex ids)', () => {
    const ids = ['3f2a', '9c01', '1234', 'ab77', '0e11', 'd00d'];
    const csv = `hid,a,y\n${ids.map((h, i) => `${h},${i},${i % 2}`).join('\n')}\n`;
    const t = parseCsvTable(csv);
    expect(t.categorical.hid).toEqual([...ids].sort());
    expect(Array.from({ length: 6 }, (_, i) => t.data[i * 2 + 1])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('rejects empty and duplicate header names in the text reader', () => {
    expect(err(() => parseCsvTable('id,id,y\nu1,1,0\n'))).toMatchObject({ code: 'PARSE_ERROR', line: 1 });
    expect(err(() => parseCsvTable('id,,y\nu1,1,0\n'))).toMatchObject({ code: 'PARSE_ERROR', line: 1 });
  });
});

describe('csvAdapter', () => {
  it('maps labels to classes (numeric order) and hashes inputs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xai-audit-csv-'));
    writeFileSync(join(dir, 'tr.csv'), 'a,y\n1,10\n2,2\n3,10\n');
    writeFileSync(join(dir, 'te.csv'), 'a,y\n1,2\n');
    writeFileSync(join(dir, 'bad.csv'), 'b,y\n1,2\n');
    const src = await csvAdapter.load({ file: join(dir, 'tr.csv'), test: join(dir, 'te.csv') });
    if (src.kind !== 'tabular') throw new Error('expected a table');
    expect(src.table.classes).toEqual(['2', '10']);
    expect(Array.from(src.table.y)).toEqual([1, 0, 1]);
    expect(Array.from(src.table.test!.y)).toEqual([0]);
    expect(src.inputs).toHaveLength(2);
    await expect(csvAdapter.load({ file: join(dir, 'tr.csv'), test: join(dir, 'bad.csv') })).rejects.toMatchObject({
      code: 'SHAPE_MISMATCH',
    });
    await expect(csvAdapter.load({ file: join(dir, 'none.csv') })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads a BOM + CRLF file with a trailing blank line and labels 1 / 1.0 as one class, rejects NaN', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xai-audit-csv-'));
    writeFileSync(join(dir, 'tr.csv'), '\ufeffa,b,y\r\n1,2,0\r\n3,4,1.0\r\n5,6,1\r\n\r\n');
    writeFileSync(join(dir, 'te.csv'), 'a,b,y\n1,2,1.00\n\n');
    writeFileSync(join(dir, 'nan.csv'), 'a,b,y\n1,2,0\n9,4,1\n10,5,1\nNaN,6,0\n');
    const src = await csvAdapter.load({ file: join(dir, 'tr.csv'), test: join(dir, 'te.csv'), label: 'y' });
    if (src.kind !== 'tabular') throw new Error('expected a table');
    expect(src.table.header).toEqual(['a', 'b']);
    expect(src.table.classes).toEqual(['0', '1']);
    expect(Array.from(src.table.y)).toEqual([0, 1, 1]);
    expect(Array.from(src.table.test!.y)).toEqual([1]);
    await expect(csvAdapter.load({ file: join(dir, 'nan.csv') })).rejects.toMatchObject({
      code: 'NON_FINITE',
      details: expect.objectContaining({ line: 5 }),
    });
  });

  const pima = join(DATASETS, 'pima/pima-full.csv');
  it.skipIf(!existsSync(pima))('reads the shared pima file (skipped when ../shared/datasets is missing)', async () => {
    const src = await csvAdapter.load({ file: pima });
    if (src.kind !== 'tabular') throw new Error('expected a table');
    expect(src.table.x.rows).toBe(768);
    expect(src.table.header).toHaveLength(8);
    expect(src.table.classes).toEqual(['0', '1']);
    // PROVENANCE.md lists sha256 bf81d06e… and a positive fraction of 0.3490
    expect(src.inputs[0]!.sha256).toBe('bf81d06e0c0512662862248241ab46d7c29258c6ceaad32f3cab56b52a17fdab');
    const positives = Array.from(src.table.y).filter((v) => v === 1).length;
    expect(positives / 768).toBeCloseTo(0.349, 3);
    expect(readFileSync(pima, 'utf8').split('\n')[0]).toContain('Outcome');
  });
});
