// xai explain / evaluate on files as a user meets them: the output names every explained row
// and its class; --train may lack the label and may order its columns differently (matched by
// name, same attributions); a column set that differs is an error naming the columns; a method
// that needs training rows asks for --train; a damaged attributions file names the cell.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCliSync } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-explain-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A 3-feature logistic regression on model-input columns a, b, c: p(1) = σ(2a − b + 0.5c − 0.7).
const model = join(dir, 'lr.json');
const W = [2, -1, 0.5];
const B = -0.7;
const rows: number[][] = Array.from({ length: 12 }, (_, i) => [((i * 7) % 10) / 10, ((i * 3) % 10) / 10, (i % 2) * 1.0]);
const cls = (r: number[]): number => (W[0]! * r[0]! + W[1]! * r[1]! + W[2]! * r[2]! + B > 0 ? 1 : 0);
const instances = join(dir, 'x.csv');
const trainSame = join(dir, 'train.csv');
const trainSwapped = join(dir, 'train-swapped.csv');
const trainOther = join(dir, 'train-other.csv');

function ok(args: string[]): { stdout: string; stderr: string } {
  const r = runCliSync(args);
  if (r.code !== 0) throw new Error(`xai ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return r;
}

beforeAll(() => {
  assertBuilt();
  const half = (s: number) => W.map((w) => (s * w) / 2);
  writeFileSync(
    model,
    JSON.stringify({
      format: 'xai-model@1',
      kind: 'lr',
      inputDim: 3,
      classes: 2,
      layers: [{ weight: [half(-1), half(1)], bias: [-B / 2, B / 2], activation: 'none' }],
      output: 'softmax',
    }),
  );
  writeFileSync(instances, `a,b,c,y\n${rows.map((r) => `${r.join(',')},${cls(r)}`).join('\n')}\n`);
  // The training rows without the label column, once in order and once with b and a swapped.
  writeFileSync(trainSame, `a,b,c\n${rows.map((r) => r.join(',')).join('\n')}\n`);
  writeFileSync(trainSwapped, `b,a,c\n${rows.map((r) => [r[1], r[0], r[2]].join(',')).join('\n')}\n`);
  writeFileSync(trainOther, `a,b,d\n${rows.map((r) => r.join(',')).join('\n')}\n`);
});

const explain = (extra: string[], out: string) => [
  'explain',
  '--model',
  model,
  '--instances',
  instances,
  '--label',
  'y',
  '--out',
  join(dir, out),
  ...extra,
];

describe('xai explain output', () => {
  it('JSON names the source, every row (0-based data row) and the explained (predicted) class', () => {
    ok(explain(['--method', 'grad'], 'g.json'));
    const j = JSON.parse(readFileSync(join(dir, 'g.json'), 'utf8')) as { source: string; rows: number[]; explainedClass: number[] };
    expect(j.source).toBe(instances);
    expect(j.rows).toEqual(rows.map((_, i) => i));
    expect(j.explainedClass).toEqual(rows.map(cls));
  });

  it('CSV starts with row and explained_class columns, and xai evaluate reads it back', () => {
    ok(explain(['--method', 'grad'], 'g.csv'));
    const lines = readFileSync(join(dir, 'g.csv'), 'utf8').trim().split('\n');
    expect(lines[0]).toBe('row,explained_class,a,b,c');
    lines.slice(1).forEach((l, i) => {
      const [r, c] = l.split(',');
      expect(Number(r)).toBe(i);
      expect(Number(c)).toBe(cls(rows[i]!));
    });
    const fromCsv = JSON.parse(
      ok([
        'evaluate',
        '--json',
        '--model',
        model,
        '--instances',
        instances,
        '--label',
        'y',
        '--attributions',
        join(dir, 'g.csv'),
        '--metric',
        'PGI',
      ]).stdout,
    ) as { values: number[] };
    const fromJson = JSON.parse(
      ok([
        'evaluate',
        '--json',
        '--model',
        model,
        '--instances',
        instances,
        '--label',
        'y',
        '--attributions',
        join(dir, 'g.json'),
        '--metric',
        'PGI',
      ]).stdout,
    ) as { values: number[] };
    expect(fromCsv.values).toEqual(fromJson.values);
  });
});

describe('xai explain --data without --test', () => {
  it('names the file line of every explained test row (rows picked by a content hash), in JSON and CSV', () => {
    const data = join(dir, 'split.csv');
    const many = Array.from({ length: 50 }, (_, i) => [((i * 7) % 10) / 10, ((i * 3) % 10) / 10, i % 2]);
    writeFileSync(data, `a,b,c,y\n${many.map((r) => `${r.join(',')},${cls(r)}`).join('\n')}\n`);
    ok(['explain', '--model', model, '--data', data, '--label', 'y', '--method', 'grad', '--out', join(dir, 'split.json')]);
    const j = JSON.parse(readFileSync(join(dir, 'split.json'), 'utf8')) as { lines: number[]; explainedClass: number[]; source: string };
    expect(j.source).toBe(data);
    expect(j.lines).toHaveLength(10); // 20 % of 50 rows held out for test
    expect(new Set(j.lines).size).toBe(10);
    // Each named line holds a row whose predicted class is the one explained.
    const text = readFileSync(data, 'utf8').split('\n');
    j.lines.forEach((line, k) => {
      const r = text[line - 1]!.split(',').slice(0, 3).map(Number);
      expect(cls(r)).toBe(j.explainedClass[k]);
    });
    ok(['explain', '--model', model, '--data', data, '--label', 'y', '--method', 'grad', '--out', join(dir, 'split.csv.out.csv')]);
    const head = readFileSync(join(dir, 'split.csv.out.csv'), 'utf8').split('\n')[0];
    expect(head).toBe('line,explained_class,a,b,c');
  });
});

describe('--train on files', () => {
  it('may lack the label, and columns in another order are matched by name (identical attributions)', () => {
    ok(explain(['--method', 'shap', '--train', trainSame], 'same.json'));
    ok(explain(['--method', 'shap', '--train', trainSwapped], 'swapped.json'));
    const a = JSON.parse(readFileSync(join(dir, 'same.json'), 'utf8')).attributions;
    const b = JSON.parse(readFileSync(join(dir, 'swapped.json'), 'utf8')).attributions;
    expect(b).toEqual(a);
  });

  it('a different column set is an error naming the missing and the extra column', () => {
    const r = runCliSync(explain(['--method', 'shap', '--train', trainOther], 'other.json'));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/train-other\.csv does not have the columns of the instances: missing "c"; extra "d"/);
  });

  it('a method whose background needs training rows asks for --train, not for an API option', () => {
    const r = runCliSync(explain(['--method', 'shap'], 'nobg.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--method shap uses background '\w+', which needs the training rows: give --train <csv>/);
    expect(r.stderr).not.toContain('pass {');
  });
});

describe('a damaged attributions file', () => {
  it('names the cell (row and feature) of a null or a string', () => {
    for (const [cell, shown] of [
      [null, 'null'],
      ['0.3', '"0.3"'],
    ] as const) {
      const bad = join(dir, 'bad.json');
      const attributions = rows.map((r) => [...r]);
      (attributions[4] as unknown[])[1] = cell;
      writeFileSync(bad, JSON.stringify({ method: 'grad', preset: 'default', attributions }));
      const r = runCliSync([
        'evaluate',
        '--json',
        '--model',
        model,
        '--instances',
        instances,
        '--label',
        'y',
        '--attributions',
        bad,
        '--metric',
        'PGI',
      ]);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain(`bad.json: attributions[4][1] (row 4, feature 1) is ${shown}, not a finite number`);
    }
  });
});
