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
    expect(() => parseCsvTable('a,y\n1,0\n1,0,3\n', { name: 'f.csv' })).toThrow(expect.objectContaining({ code: 'PARSE_ERROR', details: expect.objectContaining({ line: 3 }) }));
    expect(() => parseCsvTable('a,y\n1,0\n,1\n', { name: 'f.csv' })).toThrow(expect.objectContaining({ code: 'PARSE_ERROR', details: expect.objectContaining({ line: 3 }) }));
    expect(() => parseCsvTable('a,y\n1,0\n', { label: 'z' })).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => parseCsvTable('a,y\n')).toThrow(expect.objectContaining({ code: 'EMPTY' }));
    expect(() => parseCsvTable('a\n1\n')).toThrow(expect.objectContaining({ code: 'PARSE_ERROR' }));
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
    await expect(csvAdapter.load({ file: join(dir, 'tr.csv'), test: join(dir, 'bad.csv') })).rejects.toMatchObject({ code: 'SHAPE_MISMATCH' });
    await expect(csvAdapter.load({ file: join(dir, 'none.csv') })).rejects.toMatchObject({ code: 'NOT_FOUND' });
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
