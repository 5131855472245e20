// One cell-level validation path for user tables: train and test files, API and files alike.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorOf } from './__fixtures__/errorOf.js';
import { applyPreprocessing } from './applyPreprocessing.js';
import { loadUserDataset } from './loadUserDataset.js';
import { parseFeatureCsv } from './parseFeatureCsv.js';
import { parseUserDataset } from './parseUserDataset.js';

// 120 rows: k (0..5, low cardinality), x (120 distinct values), city (text), y (0/1).
const CITIES = ['Oslo', 'Rome', 'Lima'];
const ROWS = Array.from({ length: 120 }, (_, i) => [String(i % 6), (i * 0.37).toFixed(2), CITIES[i % 3]!, String(i % 2)]);
const csv = (rows: readonly (readonly string[])[]): string => `k,x,city,y\n${rows.map((r) => r.join(',')).join('\n')}\n`;
/** The rows with cell (row i, column j) replaced; file line = i + 2. */
const withCell = (i: number, j: number, value: string): string[][] =>
  ROWS.map((r, t) => (t === i ? r.map((c, u) => (u === j ? value : c)) : [...r]));

const dir = mkdtempSync(join(tmpdir(), 'xai-data-cells-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('non-finite cells are errors naming file, line, column and value, in train and test alike', () => {
  for (const value of ['NaN', 'inf', '1e309', '-Infinity', '#DIV/0!']) {
    it(`${JSON.stringify(value)} in the low-cardinality column k: NON_FINITE, never a category k=${value}`, async () => {
      const bad = csv(withCell(2, 0, value));
      const train = errorOf(() => parseUserDataset(bad, { label: 'y', file: 'my.csv' }));
      expect(train.code).toBe('NON_FINITE');
      expect(train.message).toContain(`my.csv, line 4, column 1 ("k"): ${JSON.stringify(value)}`);
      expect(train.details).toMatchObject({ file: 'my.csv', line: 4, column: 'k', columnIndex: 1, value });
      // The same cell in a test file: the same code and the same place.
      const test = errorOf(() => parseUserDataset(csv(ROWS), { label: 'y', file: 'my.csv', testText: bad, testFile: 't.csv' }));
      expect(test.code).toBe('NON_FINITE');
      expect(test.message).toContain(`t.csv, line 4, column 1 ("k"): ${JSON.stringify(value)}`);
      // And through the files, with the path.
      const path = write('nonfinite.csv', bad);
      const fromFile = await loadUserDataset(path, { label: 'y' }).catch((e: Error) => e);
      expect((fromFile as Error).message).toContain(`${path}, line 4, column 1 ("k")`);
    });
  }

  it('NaN/inf in the 120-value column x are named at their line, not as a "text column with 120 distinct values"', () => {
    const e = errorOf(() => parseUserDataset(csv(withCell(57, 1, 'inf')), { label: 'y', file: 'my.csv' }));
    expect(e.code).toBe('NON_FINITE');
    expect(e.message).toContain('my.csv, line 59, column 2 ("x"): "inf" is not a finite number');
    expect(e.message).not.toMatch(/distinct values/);
  });

  it('in a text column too: "NaN" is NON_FINITE rather than a category named NaN', () => {
    const e = errorOf(() => parseUserDataset(csv(withCell(9, 2, 'NaN')), { label: 'y', file: 'my.csv' }));
    expect(e.code).toBe('NON_FINITE');
    expect(e.message).toContain('my.csv, line 11, column 3 ("city"): "NaN" is not a finite number (NaN)');
  });

  it('in the label: NON_FINITE naming the label cell, never a class "NaN"', () => {
    const e = errorOf(() => parseUserDataset(csv(withCell(4, 3, 'nan')), { label: 'y', file: 'my.csv' }));
    expect(e.code).toBe('NON_FINITE');
    expect(e.message).toContain('my.csv, line 6, column 4 ("y"): "nan"');
  });

  it('rows for a saved model (applyPreprocessing) get the same check on categorical columns', () => {
    const ds = parseUserDataset(csv(ROWS), { label: 'y' });
    const e = errorOf(() => applyPreprocessing('k,x,city\n1,0.5,Infinity\n', ds.preprocessing, { file: 'rows.csv' }));
    expect(e.code).toBe('NON_FINITE');
    expect(e.message).toContain('rows.csv, line 2, column 3 ("city"): "Infinity"');
  });
});

describe('missing values: an error naming the cell by default, dropped rows when asked', () => {
  for (const value of ['', 'NA', '?', 'null']) {
    it(`${JSON.stringify(value)} in the numeric column x is PARSE_ERROR naming it, with how to drop such rows`, () => {
      const e = errorOf(() => parseUserDataset(csv(withCell(7, 1, value)), { label: 'y', file: 'my.csv' }));
      expect(e.code).toBe('PARSE_ERROR');
      expect(e.message).toContain('my.csv, line 9, column 2 ("x"): ');
      expect(e.message).toContain(
        value === '' ? 'empty cell (missing value)' : `missing value ${JSON.stringify(value)} in a numeric column`,
      );
      expect(e.message).toContain("missing: 'drop-rows'");
      expect(e.details.value).toBe(value);
    });
  }

  it("missing: 'drop-rows' drops exactly the rows holding a missing value or NaN, in train and test, and infers kinds from the clean cells", () => {
    // Column k made binary but for two NA cells and a NaN: its clean cells are 0/1, so it is discrete.
    const rows = ROWS.map((r, i) => [i === 3 ? 'NA' : i === 50 ? 'NaN' : String(i % 2), r[1]!, r[2]!, r[3]!]);
    rows[90]![1] = '';
    rows[91]![3] = '?'; // a missing label
    const text = csv(rows);
    const ds = parseUserDataset(text, { label: 'y', file: 'my.csv', missing: 'drop-rows', validationFraction: 0 });
    expect(ds.train.x.rows + ds.test.x.rows).toBe(116);
    expect(ds.schema.kinds[0]).toBe('discrete');
    expect(ds.provenance.warnings.join('\n')).toContain(
      `my.csv: dropped 4 of 120 rows with a missing value (missing: 'drop-rows'; the first on line 5, column "k": "NA")`,
    );
    // Same rows as removing them by hand: the same split and values.
    const kept = rows.filter((_, i) => ![3, 50, 90, 91].includes(i));
    const byHand = parseUserDataset(csv(kept), { label: 'y', validationFraction: 0 });
    expect(Array.from(ds.raw.test.data)).toEqual(Array.from(byHand.raw.test.data));
    expect(ds.processingHash).not.toBe(byHand.processingHash); // the policy and the file are part of it
    // A test file with missing cells: dropped and counted too.
    const t = parseUserDataset(csv(ROWS), { label: 'y', testText: csv(withCell(0, 1, 'NA')), testFile: 't.csv', missing: 'drop-rows' });
    expect(t.test.x.rows).toBe(119);
    expect(t.provenance.warnings.join('\n')).toMatch(/t\.csv: dropped 1 of 120 rows/);
    // The schema may ask for it (a CLI --schema file), and the option overrides the schema.
    const viaSchema = parseUserDataset(text, { schema: { label: 'y', missing: 'drop-rows' }, validationFraction: 0 });
    expect(viaSchema.train.x.rows + viaSchema.test.x.rows).toBe(116);
    expect(errorOf(() => parseUserDataset(text, { schema: { label: 'y', missing: 'drop-rows' }, missing: 'error' })).code).toBe(
      'NON_FINITE',
    );
  });

  it("missing: 'nan' reads the missing cells of numeric columns as NaN, fits kinds and scaler on the observed cells", () => {
    // Column k binary but for an NA, a blank and a NaN; column x with two missing cells.
    const rows = ROWS.map((r, i) => [i === 3 ? 'NA' : i === 50 ? 'NaN' : i === 60 ? '' : String(i % 2), r[1]!, r[2]!, r[3]!]);
    rows[90]![1] = '';
    rows[7]![1] = 'nan';
    const ds = parseUserDataset(csv(rows), { label: 'y', file: 'my.csv', missing: 'nan', validationFraction: 0 });
    expect(ds.train.x.rows + ds.test.x.rows).toBe(120);
    expect(ds.schema.kinds[0]).toBe('discrete');
    expect(ds.provenance.steps.join('\n')).toContain("5 missing cells in 5 rows of my.csv read as NaN (missing: 'nan')");
    // Every NaN sits where the file has a missing cell (column k -> model column 0, x -> 1), scaled or not.
    const both = [ds.raw.train, ds.raw.test];
    const nanAt = both.flatMap((m) => Array.from({ length: m.rows }, (_, i) => [m.data[i * m.cols]!, m.data[i * m.cols + 1]!]));
    expect(nanAt.filter(([k]) => Number.isNaN(k!)).length).toBe(3);
    expect(nanAt.filter(([, x]) => Number.isNaN(x!)).length).toBe(2);
    expect(Array.from(ds.test.x.data).filter(Number.isNaN).length).toBe(Array.from(ds.raw.test.data).filter(Number.isNaN).length);
    // The scaler's range is that of the observed train cells.
    const xs = Array.from({ length: ds.raw.train.rows }, (_, i) => ds.raw.train.data[i * ds.raw.train.cols + 1]!).filter(
      (v) => !Number.isNaN(v),
    );
    expect(ds.scaler.min[1]).toBe(Math.min(...xs));
    expect(ds.scaler.max[1]).toBe(Math.max(...xs));
    expect(ds.processingHash).not.toBe(
      parseUserDataset(csv(rows), { label: 'y', missing: 'drop-rows', validationFraction: 0 }).processingHash,
    );
    // A test file's missing cells too; without any, the dataset is the one read under 'error'.
    const t = parseUserDataset(csv(ROWS), { label: 'y', testText: csv(withCell(4, 1, 'NA')), testFile: 't.csv', missing: 'nan' });
    expect(Number.isNaN(t.raw.test.data[4 * t.raw.test.cols + 1]!)).toBe(true);
    expect(Array.from(t.raw.test.data).filter(Number.isNaN).length).toBe(1);
    const clean = parseUserDataset(csv(ROWS), { label: 'y', missing: 'nan' });
    expect(clean.processingHash).toBe(parseUserDataset(csv(ROWS), { label: 'y' }).processingHash);
  });

  it("under missing: 'nan' a missing label, a blank text cell and an infinity stay errors naming the cell", () => {
    const label = errorOf(() => parseUserDataset(csv(withCell(4, 3, '')), { label: 'y', file: 'my.csv', missing: 'nan' }));
    expect(label.message).toContain('my.csv, line 6, column 4 ("y")');
    expect(label.message).toContain("missing: 'nan' reads the missing cells of numeric columns only");
    expect(errorOf(() => parseUserDataset(csv(withCell(4, 3, 'NaN')), { label: 'y', missing: 'nan' })).code).toBe('NON_FINITE');
    const text = errorOf(() => parseUserDataset(csv(withCell(8, 2, '')), { label: 'y', file: 'my.csv', missing: 'nan' }));
    expect(text.message).toContain('my.csv, line 10, column 3 ("city")');
    const inf = errorOf(() => parseUserDataset(csv(withCell(5, 1, 'inf')), { label: 'y', file: 'my.csv', missing: 'nan' }));
    expect(inf.code).toBe('NON_FINITE');
    expect(inf.message).toContain('my.csv, line 7, column 2 ("x")');
  });

  it("infinities stay errors under 'drop-rows' (not a missing value)", () => {
    const e = errorOf(() => parseUserDataset(csv(withCell(5, 1, '-inf')), { label: 'y', file: 'my.csv', missing: 'drop-rows' }));
    expect(e.code).toBe('NON_FINITE');
    expect(e.message).toContain('my.csv, line 7, column 2 ("x")');
  });

  it('a marker in a text column is kept as a category, and said so in a warning', () => {
    const ds = parseUserDataset(csv(withCell(5, 2, '?')), { label: 'y', file: 'my.csv' });
    expect(ds.preprocessing.categorical![0]!.values).toContain('?');
    expect(ds.provenance.warnings.join('\n')).toContain(
      'my.csv: column "city" is text and holds missing-value markers, kept as categories: "?" x1',
    );
  });

  it('a missing label names the cell, whatever the other labels are', () => {
    const e = errorOf(() => parseUserDataset(csv(withCell(11, 3, 'NA')), { label: 'y', file: 'my.csv' }));
    expect(e.code).toBe('PARSE_ERROR');
    expect(e.message).toContain('my.csv, line 13, column 4 ("y"): label "NA" marks a missing value');
    // 12 distinct integers and one NA: the missing cell is the error, not "13 distinct text values".
    const many = ROWS.map((r, i) => [r[0]!, r[1]!, r[2]!, i === 30 ? 'NA' : String(i % 12)]);
    const m = errorOf(() => parseUserDataset(csv(many), { label: 'y', file: 'my.csv', task: 'regression' }));
    expect(m.message).toContain('my.csv, line 32, column 4 ("y"): label "NA" marks a missing value');
    const inferred = errorOf(() => parseUserDataset(csv(many), { label: 'y', file: 'my.csv' }));
    expect(inferred.message).toContain('my.csv, line 32, column 4 ("y"): label "NA" marks a missing value');
  });

  it('feature-only CSVs (instances, attributions) name a null or text cell', () => {
    const e = errorOf(() => parseFeatureCsv('a,b\n1,2\n3,null\n', { file: 'attr.csv' }));
    expect(e.code).toBe('PARSE_ERROR');
    expect(e.message).toContain('attr.csv, line 3, column 2 ("b"): missing value "null" in a numeric column');
    expect(errorOf(() => parseFeatureCsv('a,b\n1,x\n', { file: 'attr.csv' })).message).toContain(
      'attr.csv, line 2, column 2 ("b"): "x" is not a number',
    );
  });
});

describe('schema, columns and label errors name the file and the field', () => {
  const features = [
    { name: 'k', kind: 'continuous' as const },
    { name: 'x', kind: 'continuous' as const },
    { name: 'city', kind: 'categorical' as const },
  ];

  it('a text cell in a column the schema declares continuous names the cell and the schema field', () => {
    const e = errorOf(() =>
      parseUserDataset(csv(withCell(3, 1, 'abc')), { schema: { label: 'y', features }, schemaFile: 's.json', file: 'my.csv' }),
    );
    expect(e.message).toContain('my.csv, line 5, column 2 ("x"): "abc" is not a number (declared continuous by s.json: features[1].kind)');
  });

  it('a schema column the file lacks names the schema file, the field and the columns the file has', () => {
    const e = errorOf(() =>
      parseUserDataset(csv(ROWS), {
        schema: { label: 'y', features: [...features, { name: 'zip', kind: 'continuous' }] },
        schemaFile: 's.json',
        file: 'my.csv',
      }),
    );
    expect(e.code).toBe('BAD_INPUT');
    expect(e.message).toContain('s.json: features[3].name "zip": not a column of my.csv; its columns are "k", "x", "city", "y"');
    expect(e.details).toMatchObject({ file: 's.json', field: 'features[3].name', csv: 'my.csv' });
    expect(errorOf(() => parseUserDataset(csv(ROWS), { schema: { label: 'y', ignore: ['id'] }, schemaFile: 's.json' })).message).toContain(
      's.json: ignore[0] "id": not a column of <csv>',
    );
  });

  it('a label outside the schema classes names the schema', () => {
    const e = errorOf(() =>
      parseUserDataset(csv(ROWS), { schema: { label: 'y', classes: ['0', '2'] }, schemaFile: 's.json', file: 'my.csv' }),
    );
    expect(e.message).toMatch(/my\.csv, line 3, column 4 \("y"\): label "1" is not one of the classes of s\.json "0", "2"/);
  });

  it('train and test columns that differ are named', () => {
    const noX = `k,city,y\n1,Oslo,0\n`;
    const e = errorOf(() => parseUserDataset(csv(ROWS), { label: 'y', file: 'my.csv', testText: noX, testFile: 't.csv' }));
    expect(e.message).toContain('t.csv, line 1: the columns differ from my.csv: missing feature column(s) "x"');
    const extra = `k,x,city,zip,y\n1,0.5,Oslo,7,0\n`;
    expect(
      errorOf(() => parseUserDataset(csv(ROWS), { label: 'y', file: 'my.csv', testText: extra, testFile: 't.csv' })).message,
    ).toContain('t.csv, line 1, column 4 ("zip"): the columns differ from my.csv: unexpected column(s) "zip"');
  });

  it('a label missing from a file names the file, its columns and a near name', async () => {
    const e = errorOf(() => parseUserDataset(csv(ROWS), { label: 'Y', file: 'my.csv' }));
    expect(e.message).toContain(
      'my.csv, line 1: label column "Y" not found; the file\'s columns are "k", "x", "city", "y" (did you mean "y"?)',
    );
    const testNoLabel = `k,x,city\n1,0.5,Oslo\n`;
    const path = write('nolabel.csv', testNoLabel);
    const t = await loadUserDataset(write('train.csv', csv(ROWS)), { label: 'y', test: path }).catch((err: Error) => err);
    expect((t as Error).message).toContain(`${path}, line 1: label column "y" not found; the file's columns are "k", "x", "city"`);
  });
});

describe('the label rule depends on the values, never on the number of rows', () => {
  const labelled = (labels: readonly (string | number)[]): string => `a,y\n${labels.map((v, i) => `${i},${v}`).join('\n')}\n`;

  it('20 rows with 17 distinct integers: a regression target, with a warning naming the rule and the override', () => {
    const labels = Array.from({ length: 20 }, (_, i) => (i < 17 ? i : i - 17));
    const ds = parseUserDataset(labelled(labels), { label: 'y', file: 'my.csv' });
    expect(ds.task).toBe('regression');
    expect(ds.provenance.warnings.join('\n')).toContain(
      'my.csv: label "y": regression (17 distinct integer values; at most maxClasses = 10 distinct values are read as classes)',
    );
    // Classes of a single row need a test file (no split can hold them on both sides).
    expect(parseUserDataset(labelled(labels), { label: 'y', task: 'classification', testText: labelled(labels) }).classes).toBe(17);
  });

  it('the same values decide the same way in 20 rows and in 2000', () => {
    for (const k of [2, 3, 10, 11]) {
      const small = Array.from({ length: 20 }, (_, i) => i % k);
      const big = Array.from({ length: 2000 }, (_, i) => i % k);
      const a = parseUserDataset(labelled(small), { label: 'y', validationFraction: 0, testFraction: 0.5 });
      const b = parseUserDataset(labelled(big), { label: 'y', validationFraction: 0 });
      expect(a.task).toBe(k <= 10 ? 'classification' : 'regression');
      expect(b.task).toBe(a.task);
      expect(b.classes).toBe(a.classes);
      expect(a.provenance.steps.find((s) => s.startsWith('label "y"'))).toBe(b.provenance.steps.find((s) => s.startsWith('label "y"')));
    }
  });

  it('text labels with more than maxClasses distinct values are an error with the fix', () => {
    const labels = Array.from({ length: 20 }, (_, i) => `c${i % 12}`);
    const e = errorOf(() => parseUserDataset(labelled(labels), { label: 'y', file: 'my.csv' }));
    expect(e.code).toBe('BAD_INPUT');
    expect(e.message).toContain('my.csv: label "y" holds 12 distinct text values');
    expect(e.message).toContain('more than maxClasses = 10');
    expect(parseUserDataset(labelled(labels), { label: 'y', maxClasses: 12, testText: labelled(labels) }).classes).toBe(12);
  });
});

describe('a width cap before anything trains', () => {
  it('more model columns than maxColumns is BAD_INPUT naming the figures; the option or a schema listing the features lifts it', () => {
    const d = 1001;
    const names = Array.from({ length: d }, (_, j) => `f${j}`);
    const text = `${names.join(',')},y\n${Array.from({ length: 10 }, (_, i) => [...names.map((_, j) => (i * j) % 7), i % 2].join(',')).join('\n')}\n`;
    const e = errorOf(() => parseUserDataset(text, { label: 'y', file: 'wide.csv' }));
    expect(e.code).toBe('BAD_INPUT');
    expect(e.message).toContain('wide.csv: 1001 feature columns expand to 1001 model columns, more than maxColumns = 1000');
    expect(parseUserDataset(text, { label: 'y', maxColumns: 1001, validationFraction: 0 }).schema.names.length).toBe(d);
    const schema = { label: 'y', features: names.map((name) => ({ name, kind: 'continuous' as const })) };
    expect(parseUserDataset(text, { schema, validationFraction: 0 }).schema.names.length).toBe(d);
  });
});

describe('the new options and the schema field are checked', () => {
  it('a bad maxClasses, maxColumns or missing is BAD_OPTION naming it and the value; a bad schema "missing" names the schema field', () => {
    for (const [key, value, why] of [
      ['maxClasses', 1, 'expected an integer >= 2'],
      ['maxColumns', 0, 'expected an integer >= 1'],
      ['missing', 'drop', "expected 'error' or 'drop-rows' or 'nan'"],
    ] as const) {
      const e = errorOf(() => parseUserDataset(csv(ROWS), { label: 'y', [key]: value } as never));
      expect(e.code).toBe('BAD_OPTION');
      expect(e.message).toBe(`[BAD_OPTION] parseUserDataset: ${key}: ${why}, got ${JSON.stringify(value)}`);
    }
    const s = errorOf(() => parseUserDataset(csv(ROWS), { schema: '{"label":"y","missing":"impute"}', schemaFile: 's.json' }));
    expect(s.code).toBe('BAD_INPUT');
    expect(s.message).toContain(`s.json: missing: expected 'error' or 'drop-rows', got "impute"`);
  });
});
