import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCsv, loadCsvSync } from './loadCsv.js';
import { asyncErrorOf, errorOf } from './__fixtures__/errorOf.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-data-loadcsv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadCsv', () => {
  it('reads a file (async and sync) and names it in errors', async () => {
    const path = join(dir, 'ok.csv');
    writeFileSync(path, 'x1,x2,label\r\n0.5,1,1\r\n1.5,0,0\r\n');
    const t = await loadCsv(path, { label: 'label' });
    expect(t.file).toBe(path);
    expect(Array.from(t.x.data)).toEqual([0.5, 1, 1.5, 0]);
    expect(Array.from(t.y!)).toEqual([1, 0]);
    expect(t.schema.kinds).toEqual(['continuous', 'discrete']);
    expect(Array.from(loadCsvSync(path, { label: 'label' }).x.data)).toEqual([0.5, 1, 1.5, 0]);

    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'x1,label\n1,0\nfoo,1\n');
    const e = await asyncErrorOf(() => loadCsv(bad, { label: 'label' }));
    expect(e.code).toBe('PARSE_ERROR');
    expect(e.message).toContain(`${bad}, line 3, column 1 ("x1")`);
  });

  it('a missing file is NOT_FOUND, an empty path BAD_INPUT, a folder IO_ERROR', async () => {
    const e = await asyncErrorOf(() => loadCsv(join(dir, 'nope.csv')));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain('nope.csv');
    expect(errorOf(() => loadCsvSync(join(dir, 'nope.csv'))).code).toBe('NOT_FOUND');
    expect((await asyncErrorOf(() => loadCsv('' as string))).code).toBe('BAD_INPUT');
    expect((await asyncErrorOf(() => loadCsv(dir))).code).toBe('IO_ERROR'); // EISDIR, by core's systemError
  });
});
