import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { applyPreprocessing } from './applyPreprocessing.js';
import { datasetPreprocessing } from './datasetPreprocessing.js';
import { loadDataset } from './loadDataset.js';
import { looksUnscaled } from './looksUnscaled.js';
import { parseUserDataset } from './parseUserDataset.js';
import { errorOf } from './__fixtures__/errorOf.js';
import { HAVE_SHARED, SHARED_DATASETS } from './__fixtures__/sharedDatasets.js';

const TRAIN = 'a,b,c,y\n0,10,x,0\n5,20,y,1\n10,30,x,0\n2,25,z,1\n';

describe('applyPreprocessing', () => {
  const ds = parseUserDataset(TRAIN, { label: 'y', testText: 'a,b,c,y\n1,11,x,0\n', validationFraction: 0 });
  const p = ds.preprocessing;

  it('matches columns by name, expands categories and scales as the scaler fitted on train (hand-computed)', () => {
    // a: min 0 max 10; b: min 10 max 30; c one-hot x,y,z.
    const r = applyPreprocessing('c,y,b,a\nz,1,20,5\nx,0,40,-2\n', p, { file: 'rows.csv' });
    expect(r.names).toEqual(['a', 'b', 'c=x', 'c=y', 'c=z']);
    expect(r.reordered).toBe(true);
    expect(Array.from(r.x.data)).toEqual([0.5, 0.5, 0, 0, 1, -0.2, 1.5, 1, 0, 0]);
    expect(Array.from(r.y!)).toEqual([1, 0]);
    // margin 0.1: a outside [-1, 11], b outside [8, 32]: row 1 (b = 40) only; a = -2 is out too.
    expect(r.outOfRange).toEqual({
      columns: [
        { column: 'a', below: 1, above: 0, count: 1 },
        { column: 'b', below: 0, above: 1, count: 1 },
      ],
      rows: 1,
    });
    expect(r.warnings[0]).toMatch(/rows\.csv: 1 of 2 rows lie outside the training range by more than 10%/);
    expect(applyPreprocessing('a,b,c\n0,10,x\n', p).outOfRange.rows).toBe(0);
  });

  it('a missing, extra or duplicated column is an error naming it', () => {
    expect(errorOf(() => applyPreprocessing('a,c\n1,x\n', p, { file: 'r.csv' })).message).toMatch(
      /r\.csv, line 1: missing column\(s\) "b"/,
    );
    const extra = errorOf(() => applyPreprocessing('a,b,c,d\n1,2,x,3\n', p, { file: 'r.csv' }));
    expect(extra.code).toBe('BAD_INPUT');
    expect(extra.message).toMatch(/column 4 \("d"\): unexpected column\(s\) "d"/);
    expect(applyPreprocessing('a,b,c,d\n1,2,x,3\n', p, { ignore: ['d'] }).x.cols).toBe(5);
    expect(errorOf(() => applyPreprocessing('a,b,a,c\n1,2,3,x\n', p)).message).toMatch(/duplicate column name "a"/);
    expect(errorOf(() => applyPreprocessing('a,b,c\n1,2,w\n', p)).message).toMatch(/category "w" was not seen/);
    const zeros = applyPreprocessing('a,b,c\n1,20,w\n', p, { unknownCategories: 'zeros' });
    expect(Array.from(zeros.raw.data)).toEqual([1, 20, 0, 0, 0]);
    expect(zeros.warnings[0]).toMatch(/1 rows hold a c category not seen/);
    expect(errorOf(() => applyPreprocessing('a,b,c\n1,2,x\n', p, { marginn: 1 } as never)).code).toBe('BAD_OPTION');
  });

  it.skipIf(!HAVE_SHARED)("compas: the raw test CSV through the registry preprocessing equals the loader's scaled test rows", async () => {
    const compas = await loadDataset('compas', { dataDir: SHARED_DATASETS, download: false });
    const text = readFileSync(join(SHARED_DATASETS, 'compas/compas-test.csv'));
    const r = applyPreprocessing(text, datasetPreprocessing(compas), { file: 'compas-test.csv' });
    expect(r.x.rows).toBe(compas.test.x.rows);
    expect(Array.from(r.x.data)).toEqual(Array.from(compas.test.x.data));
    expect(Array.from(r.y!)).toEqual(Array.from(compas.test.y));
    // A mismatched CSV (a column renamed) fails naming the column.
    const renamed = text.toString().replace('priors_count', 'priors');
    expect(errorOf(() => applyPreprocessing(renamed, datasetPreprocessing(compas))).message).toMatch(/missing column\(s\) "priors_count"/);
  });
});

describe('applyPreprocessing, regression', () => {
  it('reads the label column of a regression task as targets', () => {
    const ds = parseUserDataset('u,t\n0,0.5\n2,1.5\n4,2.25\n6,3.75\n8,0.1\n', {
      label: 't',
      testText: 'u,t\n1,9.5\n',
      validationFraction: 0,
    });
    const r = applyPreprocessing('t,u\n2.5,4\n', ds.preprocessing);
    expect(Array.from(r.targets!)).toEqual([2.5]);
    expect(Array.from(r.x.data)).toEqual([0.5]);
    expect(r.y).toBeUndefined();
  });
});

describe('looksUnscaled', () => {
  it('warns on values far outside [0, 1] naming the column, and is silent on scaled rows', () => {
    expect(
      looksUnscaled(
        fromRows([
          [0.1, 0.9],
          [1.2, -0.3],
        ]),
      ),
    ).toBeUndefined();
    const w = looksUnscaled(
      fromRows([
        [0.1, 52],
        [0.2, 31],
      ]),
      { featureNames: ['p', 'age'] },
    );
    expect(w).toMatch(/1 of 2 columns .*age in \[31, 52\]/);
    expect(looksUnscaled(fromRows([[0.1, 2.5]]), { margin: 2 })).toBeUndefined();
    expect(errorOf(() => looksUnscaled(fromRows([[1]]), { margn: 1 } as never)).code).toBe('BAD_OPTION');
  });
});
