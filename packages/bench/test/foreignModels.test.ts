// Models trained elsewhere on the RAW columns of a CSV (torch MLPs, a scikit-learn pipeline in
// the sklearn-onnx layout with and without ZipMap, an XGBoost tree ensemble, a regression MLP;
// written by packages/onnx/fixtures/foreign/generate.py), benched as a user would:
// `xai bench --model m.onnx --data train.csv --test test.csv --label y`. Each reports the
// accuracy Python measured on the raw test rows, sees the raw columns, and its explanations equal
// the ones computed directly on those rows; the regression model is refused by the bench with a
// message naming what to use, and explained by `xai explain`.
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contiguous, rowBlock } from '@xai/core';
import { readFeatureCsvSync } from '@xai/data/node';
import { createExplainer } from '@xai/explainers';
import { loadOnnxModel } from '@xai/onnx/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCliSync } from './spawnCli.js';

const FOREIGN = fileURLToPath(new URL('../../onnx/fixtures/foreign', import.meta.url));
const DIFFERENTIABLE = ['torch_relu', 'torch_tanh', 'sklearn_lr', 'sklearn_lr_nozipmap'] as const;
const TREES = ['xgboost_trees'] as const;
const dir = mkdtempSync(join(tmpdir(), 'xai-foreign-'));
const out = join(dir, 'run');
const treesOut = join(dir, 'trees');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Reference {
  readonly accuracy?: number;
  readonly r2?: number;
}
const reference = (name: string): Reference => JSON.parse(readFileSync(join(FOREIGN, `${name}.json`), 'utf8')) as Reference;

interface ManifestModel {
  model: string;
  inputSpace?: { space: string };
  sanity?: { accuracy: number; problem: string | null };
  approximateGradients?: boolean;
}

let stdout = '';
const benchOf = (models: readonly string[], explainers: string, to: string): string => {
  const r = runCliSync([
    'bench',
    ...models.flatMap((m) => ['--model', join(FOREIGN, `${m}.onnx`)]),
    '--data',
    join(FOREIGN, 'tabular_train.csv'),
    '--test',
    join(FOREIGN, 'tabular_test.csv'),
    '--label',
    'y',
    '--explainers',
    explainers,
    '--metrics',
    'PGI,PGU',
    '--instances',
    '10',
    '--workers',
    '1',
    '--save-explanations',
    '--cache-dir',
    join(dir, 'cache'),
    '--out',
    to,
  ]);
  if (r.code !== 0) throw new Error(`xai bench failed (${r.code}): ${r.stderr}`);
  return r.stdout;
};
const manifestModels = (to: string): ManifestModel[] =>
  (JSON.parse(readFileSync(join(to, 'manifest.json'), 'utf8')) as { models: ManifestModel[] }).models;

beforeAll(() => {
  assertBuilt();
  // Gradient methods are refused on a tree ensemble (piecewise constant), so the trees run on their own.
  stdout = benchOf(DIFFERENTIABLE, 'grad,lime', out) + benchOf(TREES, 'treeshap,lime', treesOut);
});

describe('xai bench --model <foreign>.onnx --data raw.csv', () => {
  it("reports each model's accuracy on the raw test rows, as Python measured it (to 1e-9), in the raw input space", () => {
    const models = [...manifestModels(out), ...manifestModels(treesOut)];
    for (const name of [...DIFFERENTIABLE, ...TREES]) {
      const m = models.find((x) => x.model === name);
      expect(m, name).toBeDefined();
      expect(m!.inputSpace?.space, name).toBe('raw');
      expect(Math.abs(m!.sanity!.accuracy - reference(name).accuracy!), name).toBeLessThanOrEqual(1e-9);
      expect(m!.sanity!.problem, name).toBeNull();
    }
    expect(stdout).not.toMatch(/WARNING .*(constant|base rate)/);
  });

  it('exact gradients for the torch and sklearn graphs; the tree ensemble is explained by exact TreeSHAP, nothing approximate', () => {
    const models = [...manifestModels(out), ...manifestModels(treesOut)];
    for (const name of [...DIFFERENTIABLE, ...TREES])
      expect(models.find((x) => x.model === name)!.approximateGradients === true, name).toBe(false);
    for (const board of [readFileSync(join(out, 'leaderboard.md'), 'utf8'), readFileSync(join(treesOut, 'leaderboard.md'), 'utf8')]) {
      expect(board).not.toContain('input gradients are finite differences');
      expect(board).not.toMatch(/\| [A-Za-z]+ ≈/);
    }
    expect(readFileSync(join(treesOut, 'leaderboard.md'), 'utf8')).toContain('TreeSHAP');
  });

  it('saved Gradient explanations equal the gradients computed directly on the raw rows (≤ 1e-9 relative)', () => {
    const x = contiguous(rowBlock(readFeatureCsvSync(join(FOREIGN, 'tabular_test.csv'), { drop: ['y'] }).x, 0, 10), true);
    for (const name of ['torch_relu', 'sklearn_lr'] as const) {
      const model = loadOnnxModel(join(FOREIGN, `${name}.onnx`), { threads: 1 });
      try {
        const want = createExplainer('grad', { preset: 'default', seed: 0 }).explain(model, x);
        const lines = readFileSync(join(out, 'explanations', `tabular_train-${name}-grad.csv`), 'utf8')
          .trim()
          .split('\n')
          .slice(1);
        expect(lines).toHaveLength(10);
        lines.forEach((line, i) => {
          const got = line.split(',').slice(1).map(Number);
          got.forEach((g, j) => {
            const w = want.data[i * want.cols + j]!;
            expect(Math.abs(g - w), `${name} row ${i} col ${j}`).toBeLessThanOrEqual(1e-9 * Math.max(1e-300, Math.abs(w)) + 1e-300);
          });
        });
      } finally {
        model.dispose();
      }
    }
  });
});

describe('a regression model from elsewhere', () => {
  it('the bench refuses it naming what to use; xai explain explains its raw rows', () => {
    const model = join(FOREIGN, 'torch_regression.onnx');
    const train = join(FOREIGN, 'regression_train.csv');
    const test = join(FOREIGN, 'regression_test.csv');
    const r = runCliSync(['bench', '--model', model, '--data', train, '--test', test, '--label', 'y', '--out', join(dir, 'reg')]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/regression target.*xai explain \/ xai evaluate --instances/);
    const e = runCliSync([
      'explain',
      '--model',
      model,
      '--instances',
      test,
      '--label',
      'y',
      '--method',
      'grad',
      '--out',
      join(dir, 'reg.json'),
    ]);
    expect(e.code, e.stderr).toBe(0);
    const got = JSON.parse(readFileSync(join(dir, 'reg.json'), 'utf8')) as { attributions: number[][] };
    const m = loadOnnxModel(model, { threads: 1 });
    try {
      const x = readFeatureCsvSync(test, { drop: ['y'] }).x;
      const want = createExplainer('grad', { preset: 'default', seed: 0 }).explain(m, x);
      expect(got.attributions).toHaveLength(x.rows);
      got.attributions.forEach((row, i) =>
        row.forEach((g, j) =>
          expect(Math.abs(g - want.data[i * want.cols + j]!)).toBeLessThanOrEqual(1e-9 * Math.abs(want.data[i * want.cols + j]!) + 1e-300),
        ),
      );
      // A regression model on raw rows: R² from the fixture is the model's own (checked by @xai/onnx's tests).
      expect(reference('torch_regression').r2).toBeGreaterThan(0.9);
    } finally {
      m.dispose();
    }
  });
});
