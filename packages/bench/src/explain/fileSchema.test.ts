import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { commandSchema, fileSchema, oneHotGroupsByName } from './fileSchema.js';
import { featureKindsLine } from '../inputs/featureKinds.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-file-schema-'));
const write = (name: string, value: unknown): string => {
  const p = join(dir, name);
  writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
};

// age | s_1 s_2 s_3 (one-hot) | loan_a loan_b (shared prefix, not one-hot) | flag (0/1)
const names = ['age', 's_1', 's_2', 's_3', 'loan_a', 'loan_b', 'flag'];
const rows = fromRows([
  [0.2, 1, 0, 0, 0.5, 0.1, 1],
  [0.7, 0, 1, 0, 0.3, 0.9, 0],
  [0.4, 0, 0, 1, 0.2, 0.4, 1],
  [0.9, 0, 1, 0, 0.8, 0.6, 0],
]);

describe('oneHotGroupsByName', () => {
  it('groups columns sharing a prefix whose rows are exactly one-hot, and nothing else', () => {
    expect(oneHotGroupsByName(names, rows)).toEqual([[1, 2, 3]]);
  });
  it('needs the values too: a shared prefix with a row of two 1s is no group', () => {
    const two = fromRows([
      [1, 1],
      [0, 1],
    ]);
    expect(oneHotGroupsByName(['c=a', 'c=b'], two)).toEqual([]);
    expect(
      oneHotGroupsByName(
        ['c=a', 'c=b'],
        fromRows([
          [1, 0],
          [0, 1],
        ]),
      ),
    ).toEqual([[0, 1]]);
  });
  it('needs the names too: one-hot values without a shared prefix are no group', () => {
    expect(
      oneHotGroupsByName(
        ['x', 'y'],
        fromRows([
          [1, 0],
          [0, 1],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('fileSchema', () => {
  it('infers kinds from values and marks grouped columns discrete', () => {
    const s = fileSchema(names, rows, undefined);
    expect(s.schema.groups).toEqual([[1, 2, 3]]);
    expect(s.schema.kinds).toEqual(['continuous', 'discrete', 'discrete', 'discrete', 'continuous', 'continuous', 'discrete']);
    expect(s.source).toContain('one-hot groups from the column names: s(3)');
    expect(s.warnings).toEqual([]);
  });
  it('reads OpenXAI feature metadata and warns about 0/1 columns it gives continuous noise', () => {
    const meta = write('meta.json', { feature_types: ['c', 'd', 'c', 'c', 'c'], feature_n_cols: [1, 3, 1, 1, 1] });
    const s = fileSchema(names, rows, meta);
    expect(s.schema.groups).toEqual([[1, 2, 3]]);
    expect(s.schema.kinds[6]).toBe('continuous');
    expect(s.warnings[0]).toMatch(/columns flag hold only 0\/1 but get continuous noise/);
  });
  it('reads an xai-data-schema@1 naming every column, refusing missing, extra or categorical ones by name', () => {
    const features = names.map((name) => ({ name, kind: name.startsWith('s_') || name === 'flag' ? 'discrete' : 'continuous' }));
    const ok = write('ok.json', { label: 'y', features, groups: [['s_1', 's_2', 's_3']] });
    expect(fileSchema(names, rows, ok).schema.groups).toEqual([[1, 2, 3]]);
    const missing = write('missing.json', { label: 'y', features: features.slice(1) });
    expect(() => fileSchema(names, rows, missing)).toThrow(/features must be the file's columns; missing age/);
    const cat = write('cat.json', { label: 'y', features: features.map((f) => (f.name === 'age' ? { ...f, kind: 'categorical' } : f)) });
    expect(() => fileSchema(names, rows, cat)).toThrow(/age is categorical, but these rows are model inputs/);
    expect(() => fileSchema(names, rows, write('bad.json', '{'))).toThrow(/--schema:? .*bad\.json/);
  });
});

describe('fileSchema: the two values each discrete column swaps, and what is recorded', () => {
  // sex is coded {1, 2}, unit {-1, 1}; flag {0, 1}; s_ a one-hot group; age continuous.
  const cols = ['age', 'sex', 'unit', 'flag', 's_a', 's_b'];
  const train = fromRows([
    [0.1, 1, -1, 0, 1, 0],
    [0.5, 2, 1, 1, 0, 1],
    [0.9, 2, -1, 0, 1, 0],
  ]);
  it('reads [low, high] of every lone discrete column from the rows; groups and continuous columns get none', () => {
    const s = fileSchema(cols, train, undefined);
    expect(s.schema.kinds).toEqual(['continuous', 'discrete', 'discrete', 'discrete', 'discrete', 'discrete']);
    expect(s.schema.levels).toEqual([null, [1, 2], [-1, 1], [0, 1], null, null]);
    expect(s.record).toEqual({
      source: 'inferred from the values; one-hot groups from the column names: s(2)',
      continuous: 1,
      discrete: [
        { name: 'sex', levels: [1, 2] },
        { name: 'unit', levels: [-1, 1] },
        { name: 'flag', levels: [0, 1] },
      ],
      groups: [['s_a', 's_b']],
    });
    expect(featureKindsLine(s.record)).toBe(
      'feature kinds (inferred from the values; one-hot groups from the column names: s(2)): 1 continuous; 3 discrete: sex {1, 2}, unit {-1, 1}, flag {0, 1}; 1 one-hot group: s_a…s_b (2)',
    );
  });
  it("a model's non-differentiable columns are discrete whatever their values, and the source says so", () => {
    const s = fileSchema(cols, train, undefined, { discrete: ['age'], source: 'the ONNX graph' });
    expect(s.schema.kinds[0]).toBe('discrete');
    expect(s.schema.levels![0]).toEqual([0.1, 0.9]);
    expect(s.source).toContain('1 discrete by the ONNX graph');
  });
  it("commandSchema: a model's preprocessing block decides (levels still from the rows), and --schema beside it is refused", () => {
    const preprocessing = {
      features: cols,
      kinds: ['continuous', 'discrete', 'discrete', 'discrete', 'discrete', 'discrete'] as const,
      groups: [[4, 5]],
      scaler: { kind: 'none' as const },
    };
    const r = commandSchema('xai evaluate', 'm.json', { names: cols, x: train, train, preprocessing }, undefined);
    expect(r.schema.levels).toEqual([null, [1, 2], [-1, 1], [0, 1], null, null]);
    expect(r.record.source).toBe("the model's preprocessing block");
    expect(() => commandSchema('xai evaluate', 'm.json', { names: cols, x: train, train, preprocessing }, 'meta.json')).toThrow(
      /m\.json carries its preprocessing .*drop --schema/,
    );
  });
});
