import { describe, expect, it } from 'vitest';
import { parseUserDataset } from './parseUserDataset.js';
import { errorOf } from './__fixtures__/errorOf.js';

// 20 rows: age (continuous), smoker (0/1), city (text), y (text label). Class 'yes' on rows 0..7.
const CITIES = ['Oslo', 'Bergen', 'Tromsø', 'Oslo', 'Bergen'];
const rows = Array.from({ length: 20 }, (_, i) => ({
  age: 20 + ((i * 7) % 41),
  smoker: i % 3 === 0 ? 1 : 0,
  city: CITIES[i % 5]!,
  y: i < 8 ? 'yes' : 'no',
}));
const CSV = `age,smoker,city,y\n${rows.map((r) => `${r.age},${r.smoker},${r.city},${r.y}`).join('\n')}\n`;

describe('parseUserDataset', () => {
  it('infers kinds, expands text columns to sorted one-hot groups and orders classes', () => {
    const ds = parseUserDataset(CSV, { label: 'y', file: 'my.csv', validationFraction: 0 });
    expect(ds.name).toBe('my');
    expect(ds.schema.names).toEqual(['age', 'smoker', 'city=Bergen', 'city=Oslo', 'city=Tromsø']);
    expect(ds.schema.kinds).toEqual(['continuous', 'discrete', 'discrete', 'discrete', 'discrete']);
    expect(ds.schema.groups).toEqual([[2, 3, 4]]);
    expect(ds.labelClasses).toEqual(['no', 'yes']);
    expect(ds.classes).toBe(2);
    expect(ds.preprocessing.categorical).toEqual([{ column: 'city', values: ['Bergen', 'Oslo', 'Tromsø'] }]);
    // Stratified 80/20: round(0.2 * 12) = 2 'no' and round(0.2 * 8) = 2 'yes' rows held out.
    expect(ds.test.y.length).toBe(4);
    expect(Array.from(ds.test.y).filter((v) => v === 1).length).toBe(2);
  });

  it('fits the scaler on the train rows only and applies it to test', () => {
    const ds = parseUserDataset(CSV, { label: 'y', validationFraction: 0.25, seed: 3 });
    const raw = ds.raw.train;
    for (let j = 0; j < raw.cols; j++) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < raw.rows; i++) {
        lo = Math.min(lo, raw.data[i * raw.cols + j]!);
        hi = Math.max(hi, raw.data[i * raw.cols + j]!);
      }
      expect(ds.preprocessing.scaler).toMatchObject({ kind: 'min-max' });
      expect(ds.scaler.min[j]).toBe(lo);
      expect(ds.scaler.max[j]).toBe(hi);
      const t = ds.raw.test;
      for (let i = 0; i < t.rows; i++) {
        const want = hi > lo ? (t.data[i * t.cols + j]! - lo) / (hi - lo) : t.data[i * t.cols + j]! - lo;
        expect(ds.test.x.data[i * t.cols + j]).toBeCloseTo(want, 12);
      }
    }
    expect(ds.train.x.rows + ds.validation!.x.rows + ds.test.x.rows).toBe(20);
  });

  it('is deterministic for a seed and follows the schema: classes order, categorical codes, ignore, groups', () => {
    const a = parseUserDataset(CSV, { label: 'y', seed: 1 });
    const b = parseUserDataset(CSV, { label: 'y', seed: 1 });
    expect(Array.from(b.test.x.data)).toEqual(Array.from(a.test.x.data));
    expect(b.processingHash).toBe(a.processingHash);
    expect(parseUserDataset(CSV, { label: 'y', seed: 2 }).processingHash).not.toBe(a.processingHash);
    const s = parseUserDataset(CSV, {
      schema: { label: 'y', classes: ['yes', 'no'], categorical: ['smoker'], ignore: ['age'] } as never,
      validationFraction: 0,
    });
    expect(s.labelClasses).toEqual(['yes', 'no']);
    expect(s.schema.names).toEqual(['smoker=0', 'smoker=1', 'city=Bergen', 'city=Oslo', 'city=Tromsø']);
    // 8 'yes' rows are class 0 now.
    const all = [...s.train.y, ...s.test.y];
    expect(all.filter((v) => v === 0).length).toBe(8);
    const g = parseUserDataset(CSV, { schema: { label: 'y', groups: [['age', 'smoker']] } });
    expect(g.schema.groups).toEqual([
      [2, 3, 4],
      [0, 1],
    ]);
    expect(errorOf(() => parseUserDataset(CSV, { schema: { label: 'y', groups: [['city=Oslo']] } })).message).toMatch(
      /overlaps another group/,
    );
  });

  it('a schema without a label takes the label option (the same dataset as a schema naming it)', () => {
    const named = parseUserDataset(CSV, { schema: '{"label":"y","categorical":["smoker"]}', validationFraction: 0 });
    const given = parseUserDataset(CSV, { label: 'y', schema: '{"categorical":["smoker"]}', validationFraction: 0 });
    expect(given.schema.names).toEqual(named.schema.names);
    expect(Array.from(given.train.x.data)).toEqual(Array.from(named.train.x.data));
    expect(Array.from(given.train.y)).toEqual(Array.from(named.train.y));
    expect(errorOf(() => parseUserDataset(CSV, { schema: '{"categorical":["smoker"]}', schemaFile: 's.json' })).message).toMatch(
      /s\.json: label: expected the label column name/,
    );
  });

  it('a continuous label is a regression task with targets; the split is by label bin', () => {
    const text = `a,b,t\n${Array.from({ length: 50 }, (_, i) => `${i},${(i * 13) % 7},${(i * 0.37).toFixed(2)}`).join('\n')}\n`;
    const ds = parseUserDataset(text, { label: 't', validationFraction: 0 });
    expect(ds.task).toBe('regression');
    expect(ds.classes).toBe(1);
    expect(ds.targets!.test.length).toBe(10);
    expect(ds.preprocessing.task).toBe('regression');
    expect(ds.targets!.train.length + ds.targets!.test.length).toBe(50);
    // Integer targets with more distinct values than maxClasses (a count, a price) are regression too.
    const counts = `a,n\n${Array.from({ length: 80 }, (_, i) => `${i % 9},${i * 3}`).join('\n')}\n`;
    expect(parseUserDataset(counts, { label: 'n' }).task).toBe('regression');
    expect(parseUserDataset(counts, { label: 'n', maxClasses: 100, testText: counts, validationFraction: 0 }).task).toBe('classification');
    // 80 classes of one row each: no class can be in both splits, named with the line of its row.
    expect(errorOf(() => parseUserDataset(counts, { label: 'n', maxClasses: 100, validationFraction: 0 })).message).toMatch(
      /<csv>: class "0" of the label has a single row \(line 2\) \(so do "3", "6", "9", "12", "15", … 80 in all\): too rare to be in both the train and the test split/,
    );
    // 2 rows: round(0.2 x 2) = 0 test rows.
    expect(errorOf(() => parseUserDataset('a,y\n1,0.5\n2,1.5\n', { label: 'y' })).message).toMatch(
      /no test rows \(round\(0\.2 x 2\) = 0\)/,
    );
    // The test rows' targets are the label values of the held-out rows (each decile keeps 20 %).
    const rows = text
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',').map(Number));
    const byA = new Map(rows.map((r) => [r[0]!, r[2]!]));
    const raw = ds.raw.test;
    for (let i = 0; i < raw.rows; i++) expect(ds.targets!.test[i]).toBe(byA.get(raw.data[i * raw.cols]!));
  });

  it('a test file is matched by name (reordered columns), unseen categories and out-of-range rows are reported', () => {
    const test = 'city,y,smoker,age\nOslo,no,0,40\nBergen,yes,1,200\n';
    const ds = parseUserDataset(CSV, { label: 'y', testText: test, testFile: 't.csv', validationFraction: 0 });
    expect(ds.test.x.rows).toBe(2);
    // Row 0: age 40, smoker 0, Oslo.
    expect(Array.from(ds.raw.test.data.subarray(0, 5))).toEqual([40, 0, 0, 1, 0]);
    // age range 20..60 (margin 4): 200 is out; one row.
    expect(ds.provenance.testOutOfRange).toEqual({ columns: [{ column: 'age', below: 0, above: 1, count: 1 }], rows: 1 });
    expect(ds.provenance.warnings.join('\n')).toMatch(/1 of 2 rows lie outside/);
    const e = errorOf(() => parseUserDataset(CSV, { label: 'y', testText: 'age,smoker,city,y\n30,0,Paris,no\n', testFile: 't.csv' }));
    expect(e.code).toBe('BAD_INPUT');
    expect(e.message).toMatch(/t\.csv, line 2, column 3 \("city"\).*Paris/);
    expect(errorOf(() => parseUserDataset(CSV, { label: 'y', testText: 'age,city,y\n30,Oslo,no\n', testFile: 't.csv' })).message).toMatch(
      /missing feature column\(s\) "smoker"/,
    );
    expect(
      errorOf(() => parseUserDataset(CSV, { label: 'y', testText: 'age,smoker,city,y,zip\n30,0,Oslo,no,1\n', testFile: 't.csv' })).message,
    ).toMatch(/unexpected column\(s\) "zip"/);
  });

  it('errors name the file, line and column, or the schema field', () => {
    const bad = CSV.replace('\n27,0,Bergen', '\n27,,Bergen');
    const e = errorOf(() =>
      parseUserDataset(bad, {
        label: 'y',
        file: 'my.csv',
        schema: {
          label: 'y',
          features: [
            { name: 'age', kind: 'continuous' },
            { name: 'smoker', kind: 'discrete' },
            { name: 'city', kind: 'categorical' },
          ],
        },
      }),
    );
    expect(e.message).toMatch(/my\.csv, line \d+, column 2 \("smoker"\): empty cell/);
    expect(errorOf(() => parseUserDataset(CSV, { label: 'nope' })).message).toMatch(/label column "nope" not found/);
    expect(
      errorOf(() => parseUserDataset(CSV, { schema: '{"label":"y","features":[{"name":"age","kind":"ordinal"}]}', schemaFile: 's.json' }))
        .message,
    ).toMatch(/s\.json: features\[0\]\.kind/);
    expect(
      errorOf(() => parseUserDataset(CSV, { schema: { label: 'y', features: [{ name: 'age', kind: 'continuous' }] } })).message,
    ).toMatch(/"smoker", "city" are not in the features of <schema>/);
    expect(errorOf(() => parseUserDataset(CSV, { label: 'y', labell: 'y' } as never)).code).toBe('BAD_OPTION');
    const ids = `id,y\n${Array.from({ length: 60 }, (_, i) => `u${i},${i % 2}`).join('\n')}\n`;
    expect(errorOf(() => parseUserDataset(ids, { label: 'y' })).message).toMatch(/60 distinct values/);
  });
});
