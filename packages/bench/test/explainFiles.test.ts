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

/** The model and rows every command of this file reads. */
const inputs = ['--model', model, '--instances', instances, '--label', 'y'];

const explain = (extra: string[], out: string) => ['explain', ...inputs, '--out', join(dir, out), ...extra];

/** `xai evaluate` of an attributions file (a path, or a name in dir) on the instances, --json unless `human`. */
const evaluateArgs = (file: string, metric: string, extra: string[] = [], human = false) => [
  'evaluate',
  ...(human ? [] : ['--json']),
  ...inputs,
  '--attributions',
  file.includes('/') ? file : join(dir, file),
  '--metric',
  metric,
  ...extra,
];

describe('xai explain output', () => {
  it("JSON names the source, every row (0-based data row) and the explained class (--class predicted: each row's prediction)", () => {
    ok(explain(['--method', 'grad', '--class', 'predicted'], 'g.json'));
    const j = JSON.parse(readFileSync(join(dir, 'g.json'), 'utf8')) as { source: string; rows: number[]; explainedClass: number[] };
    expect(j.source).toBe(instances);
    expect(j.rows).toEqual(rows.map((_, i) => i));
    expect(j.explainedClass).toEqual(rows.map(cls));
  });

  it('CSV starts with row and explained_class columns, and xai evaluate reads it back', () => {
    ok(explain(['--method', 'grad', '--class', 'predicted'], 'g.csv'));
    const lines = readFileSync(join(dir, 'g.csv'), 'utf8').trim().split('\n');
    expect(lines[0]).toBe('row,explained_class,a,b,c');
    lines.slice(1).forEach((l, i) => {
      const [r, c] = l.split(',');
      expect(Number(r)).toBe(i);
      expect(Number(c)).toBe(cls(rows[i]!));
    });
    const fromCsv = JSON.parse(ok(evaluateArgs('g.csv', 'PGI')).stdout) as { values: number[] };
    const fromJson = JSON.parse(ok(evaluateArgs('g.json', 'PGI')).stdout) as { values: number[] };
    expect(fromCsv.values).toEqual(fromJson.values);
  });
});

describe('xai explain --data without --test', () => {
  it('names the file line of every explained test row (rows picked by a content hash), in JSON and CSV', () => {
    const data = join(dir, 'split.csv');
    const many = Array.from({ length: 50 }, (_, i) => [((i * 7) % 10) / 10, ((i * 3) % 10) / 10, i % 2]);
    writeFileSync(data, `a,b,c,y\n${many.map((r) => `${r.join(',')},${cls(r)}`).join('\n')}\n`);
    ok([
      'explain',
      '--model',
      model,
      '--data',
      data,
      '--label',
      'y',
      '--method',
      'grad',
      '--class',
      'predicted',
      '--out',
      join(dir, 'split.json'),
    ]);
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
      const r = runCliSync(evaluateArgs(bad, 'PGI'));
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain(`bad.json: attributions[4][1] (row 4, feature 1) is ${shown}, not a finite number`);
    }
  });
});

describe('the explained class of a binary classifier', () => {
  const run = (extra: string[], out: string): { text: string; json: Record<string, unknown> } => {
    const text = ok(explain(['--method', 'grad', ...extra], out)).stdout;
    const meta = out.endsWith('.csv') ? `${out}.meta.json` : out;
    return { text, json: JSON.parse(readFileSync(join(dir, meta), 'utf8')) as Record<string, unknown> };
  };
  const p1 = (r: number[]): number => 1 / (1 + Math.exp(-(W[0]! * r[0]! + W[1]! * r[1]! + W[2]! * r[2]! + B)));

  it('default preset: class 1 on every row, the same bytes as --class 1; --class predicted negates the rows predicted 0', () => {
    // The rows hold both predictions, so a per-row class would flip signs between them.
    expect(new Set(rows.map(cls))).toEqual(new Set([0, 1]));
    const byDefault = run([], 'class-default.csv');
    const one = run(['--class', '1'], 'class-1.csv');
    const predicted = run(['--class', 'predicted'], 'class-predicted.json');
    expect(byDefault.text).toContain(
      "(default, float64; class 1 on every row (a binary classifier: SHAP's convention); --class picks one of 0, 1 or predicted)",
    );
    expect(one.text).toContain('class 1 on every row (--class)');
    expect(predicted.text).toContain("each row's predicted class (--class predicted)");
    expect(readFileSync(join(dir, 'class-default.csv'), 'utf8')).toBe(readFileSync(join(dir, 'class-1.csv'), 'utf8'));
    expect(byDefault.json).toMatchObject({ fixedClass: 1, classRule: "class 1 on every row (a binary classifier: SHAP's convention)" });
    expect(predicted.json.fixedClass).toBeUndefined();
    expect(predicted.json.explainedClass).toEqual(rows.map(cls));
    // The gradient of p1 = σ(w·x + b) is p1 (1 − p1) w; of p0 = 1 − p1 its negation.
    const lines = readFileSync(join(dir, 'class-default.csv'), 'utf8').trim().split('\n').slice(1);
    lines.forEach((l, i) => {
      const a = l.split(',').slice(2).map(Number);
      const q = p1(rows[i]!) * (1 - p1(rows[i]!));
      a.forEach((v, j) => expect(v).toBeCloseTo(q * W[j]!, 12));
      const sign = cls(rows[i]!) === 1 ? 1 : -1;
      (predicted.json.attributions as number[][])[i]!.forEach((v, j) => expect(v).toBeCloseTo(sign * a[j]!, 14));
    });
  });

  it('xai evaluate scores the class the file explains: PGI is the same for class 1 and the predicted class, SA is 1 with the LR weights signed for each', () => {
    const evaluate = (file: string, metric: string) => ok(evaluateArgs(file, metric)).stdout;
    type Scored = { values: number[]; fixedClass?: number; classRule: string; controls: { floor: number } };
    const pgi1 = JSON.parse(evaluate('class-default.csv', 'PGI')) as Scored;
    const pgiP = JSON.parse(evaluate('class-predicted.json', 'PGI')) as Scored;
    expect(pgi1.fixedClass).toBe(1);
    expect(pgi1.classRule).toBe("class 1 on every row (the attributions file's fixedClass)");
    expect(pgiP.fixedClass).toBeUndefined();
    expect(pgiP.classRule).toBe("each row's predicted class (the attributions file records no fixed class)");
    // |p_c(x) − p_c(x')| is the same for c = 0 and 1, and the top features by |attribution| are too.
    pgiP.values.forEach((v, i) => expect(v).toBeCloseTo(pgi1.values[i]!, 12));
    // The controls score their own explanations of the same class: the floor is symmetric too.
    expect(pgiP.controls.floor).toBeCloseTo(pgi1.controls.floor, 12);
    // SA is signed: 1 only when the ground truth (w1 − w0) is signed for the class explained.
    expect((JSON.parse(evaluate('class-default.csv', 'SA')) as Scored).values).toEqual(rows.map(() => 1));
    expect((JSON.parse(evaluate('class-predicted.json', 'SA')) as Scored).values).toEqual(rows.map(() => 1));
    // A --class that disagrees with the file is refused, naming both.
    const wrong = runCliSync(evaluateArgs('class-default.csv', 'PGI', ['--class', 'predicted'], true));
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain("explains class 1 on every row, not each row's predicted class");
  });

  it("--preset openxai keeps the released code's convention: each row's predicted class, said so", () => {
    const r = run(['--preset', 'openxai'], 'class-openxai.json');
    expect(r.text).toContain("each row's predicted class (the openxai convention); --class picks one of 0, 1 or predicted");
    expect(r.json.fixedClass).toBeUndefined();
    expect(r.json.explainedClass).toEqual(rows.map(cls));
  });
});
