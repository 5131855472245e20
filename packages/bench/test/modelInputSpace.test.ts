// The feature-space contract from the CLI, as a user meets it: a model trained elsewhere on the
// RAW columns of a CSV (here a logistic regression with known raw-unit weights, exported to
// ONNX) is fed those columns; its accuracy is computed by the bench and equals the closed form
// on the raw rows; fed the scaled rows it is flagged (constant / below base rate), refused
// with --strict; a model of another task is refused before any unit runs; nothing is left behind.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseModelJson } from '@xai/models';
import { neuralModelToOnnx } from '@xai/onnx';
import { assertBuilt, runCliSync } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-space-'));
const cache = join(dir, 'cache');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Raw columns with very different units; y = 1 when w·x + b > 0 (the model's own rule, so the
// closed-form accuracy on raw rows is 1 where the label agrees with the rule).
const W = [0.08, 1 / 30_000, 1.0];
const B = -0.08 * 50 - 100_000 / 30_000;
const logit = (r: number[]): number => W[0]! * r[0]! + W[1]! * r[1]! + W[2]! * r[2]! + B;

function rowsOf(n: number, offset: number): number[][] {
  const out: number[][] = [];
  for (let i = offset; i < offset + n; i++) {
    const age = 18 + ((i * 37) % 73);
    const income = 10_000 + ((i * 7919) % 190_000);
    out.push([age, income, i % 3 === 0 ? 1 : 0]);
  }
  return out;
}
// Labels: the rule, with every 7th row flipped (so accuracy is not trivially 1).
const labelOf = (r: number[], i: number): number => ((logit(r) > 0 ? 1 : 0) ^ (i % 7 === 0 ? 1 : 0)) as number;
function writeCsv(path: string, rows: number[][], offset: number): number[] {
  const y = rows.map((r, i) => labelOf(r, i + offset));
  writeFileSync(path, `age,income,flag,y\n${rows.map((r, i) => `${r.join(',')},${y[i]}`).join('\n')}\n`);
  return y;
}

const train = join(dir, 'raw.csv');
const test = join(dir, 'raw-test.csv');
const trainRows = rowsOf(300, 0);
const testRows = rowsOf(100, 300);
let testY: number[] = [];
const onnx = join(dir, 'rawlr.onnx');
const threeClass = join(dir, 'three.onnx');

function lrJson(classes: number, weight: number[][], bias: number[]): string {
  return JSON.stringify({
    format: 'xai-model@1',
    kind: 'lr',
    inputDim: 3,
    classes,
    layers: [{ weight, bias, activation: 'none' }],
    output: 'softmax',
  });
}

beforeAll(() => {
  assertBuilt();
  writeCsv(train, trainRows, 0);
  testY = writeCsv(test, testRows, 300);
  // Softmax over [−z/2, z/2] is sigmoid(z): p(class 1) = σ(w·x + b).
  const half = (s: number) => W.map((w) => (s * w) / 2);
  writeFileSync(onnx, neuralModelToOnnx(parseModelJson(lrJson(2, [half(-1), half(1)], [-B / 2, B / 2]))));
  writeFileSync(threeClass, neuralModelToOnnx(parseModelJson(lrJson(3, [half(-1), half(1), half(0)], [0, 0, 0]))));
});

const base = (out: string, extra: string[] = []): string[] => [
  'bench',
  '--model',
  onnx,
  '--data',
  train,
  '--test',
  test,
  '--label',
  'y',
  '--explainers',
  'grad',
  '--metrics',
  'PGI',
  '--instances',
  '5',
  '--workers',
  '1',
  '--cache-dir',
  cache,
  '--out',
  out,
  ...extra,
];

interface ManifestModel {
  model: string;
  inputSpace?: { space: string; note: string };
  featureKinds?: { source: string; continuous: number; discrete: { name: string; levels: number[] }[]; groups: string[][] };
  sanity?: { accuracy: number; baseRate: number; constantShare: number; problem: string | null; rows: number };
}
const modelsOf = (out: string): ManifestModel[] =>
  (JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { models: ManifestModel[] }).models;

describe('--model on --data: the model eats the columns as the user gave them', () => {
  it('accuracy is computed on the raw test rows and equals the closed form', () => {
    const out = join(dir, 'run-raw');
    const r = runCliSync(base(out));
    expect(r.code, r.stderr).toBe(0);
    const expected = testRows.filter((row, i) => (logit(row) > 0 ? 1 : 0) === testY[i]).length / testRows.length;
    const ones = testY.filter((v) => v === 1).length / testY.length;
    const m = modelsOf(out).find((x) => x.model === 'rawlr')!;
    expect(m.inputSpace?.space).toBe('raw');
    // The kinds the perturbations used, each discrete column with the two values it swaps.
    expect(m.featureKinds).toEqual({
      source: `inferred from the values of ${train}`,
      continuous: 2,
      discrete: [{ name: 'flag', levels: [0, 1] }],
      groups: [],
    });
    expect(m.sanity?.rows).toBe(100);
    expect(Math.abs(m.sanity!.accuracy - expected)).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(m.sanity!.baseRate - Math.max(ones, 1 - ones))).toBeLessThanOrEqual(1e-12);
    expect(m.sanity?.problem).toBeNull();
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toContain(`accuracy on the 100 test rows: ${expected.toFixed(3)}`);
    expect(md).toContain('input space: raw');
    expect(md).not.toContain('not recorded');
  });

  it('fed the scaled rows (--model-input scaled) it is flagged in the CLI, report, leaderboard and summaries', () => {
    const out = join(dir, 'run-scaled');
    const r = runCliSync(base(out, ['--model-input', 'scaled']));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/WARNING .*rawlr: the model (predicts class \d for all 100 test rows|test accuracy)/);
    const m = modelsOf(out).find((x) => x.model === 'rawlr')!;
    expect(m.inputSpace?.space).toBe('scaled');
    expect(m.sanity?.problem).not.toBeNull();
    expect(readFileSync(join(out, 'leaderboard.md'), 'utf8')).toContain('Models to read with care');
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('Models to read with care');
    // The reports carry the warning the command printed, word for word (one rule and wording).
    const said = /rawlr: (the model [^—\n]+— its explanations are not worth scoring\.)/.exec(r.stdout)?.[1];
    expect(said).toBeDefined();
    for (const page of ['report.md', 'report.html']) expect(readFileSync(join(out, page), 'utf8')).toContain(`rawlr: ${said}`);
    const csv = readFileSync(join(out, 'summary.csv'), 'utf8').trim().split('\n');
    // modelProblem is the last column (earlier ones hold quoted commas).
    expect(csv[0]!.split(',').at(-1)).toBe('modelProblem');
    expect(csv.slice(1).every((l) => l.split(',').at(-1) === m.sanity!.problem)).toBe(true);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { models: { model: string; modelProblem: string }[] };
    expect(summary.models.find((x) => x.model === 'rawlr')?.modelProblem).toBe(m.sanity!.problem);
  });

  it('--strict refuses the flagged model before any unit runs and leaves no folder behind', () => {
    const out = join(dir, 'run-strict');
    const r = runCliSync(base(out, ['--model-input', 'scaled', '--strict']));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/\[BAD_INPUT\].*rawlr.*--strict/);
    expect(existsSync(out)).toBe(false);
  });

  it('a 3-class model on a binary label is refused naming both sides, with no folder left', () => {
    const out = join(dir, 'run-three');
    const args = base(out);
    args[2] = threeClass;
    const r = runCliSync(args);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/three\.onnx predicts 3 classes but raw's label has 2 \(0, 1\)/);
    expect(existsSync(out)).toBe(false);
  });

  it('a bad --model-input value is a usage error naming the flag', () => {
    const r = runCliSync(base(join(dir, 'run-bad'), ['--model-input', 'standardised']));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--model-input: expected raw or scaled, got "standardised"/);
  });
});
