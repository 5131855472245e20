// The raw-column models of fixtures/foreign (generate.py there) load as users' exports do:
// their test accuracy / R² on the raw CSV rows and their first ten outputs are the Python
// libraries' own, and every MLP or linear pipeline imports for exact gradients.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Matrix } from '@xai/core';
import { argmaxRows, row } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { loadOnnxModel } from './loadOnnxModel.js';

const foreign = (name: string): string => fileURLToPath(new URL(`../fixtures/foreign/${name}`, import.meta.url));
interface ForeignRef {
  readonly columns: string[];
  readonly test: string;
  readonly output: string;
  readonly accuracy?: number;
  readonly r2?: number;
  readonly first10: number[][];
}
const ref = (name: string): ForeignRef => JSON.parse(readFileSync(foreign(`${name}.json`), 'utf8')) as ForeignRef;

/** A numeric CSV with a header: the named feature columns as a matrix, and column `y`. */
function readCsv(file: string, columns: readonly string[]): { x: Matrix; y: number[] } {
  const [header, ...lines] = readFileSync(foreign(file), 'utf8').trim().split('\n');
  const names = header!.split(',');
  const at = columns.map((c) => names.indexOf(c));
  const yAt = names.indexOf('y');
  const cells = lines.map((l) => l.split(',').map(Number));
  return {
    x: { rows: cells.length, cols: columns.length, data: Float64Array.from(cells.flatMap((c) => at.map((j) => c[j]!))) },
    y: cells.map((c) => c[yAt]!),
  };
}

function maxDiff(m: Matrix, expected: number[][]): number {
  let worst = 0;
  expected.forEach((e, i) => e.forEach((v, j) => (worst = Math.max(worst, Math.abs(row(m, i)[j]! - v)))));
  return worst;
}

const first10 = (x: Matrix): Matrix => ({ rows: 10, cols: x.cols, data: x.data.slice(0, 10 * x.cols) });

// Python's outputs vs ONNX Runtime's: torch and XGBoost compute in float32 like the graph;
// sklearn's are float64 from float64 parameters, the graph's float32 (≈ 1e-7 relative each).
const CLASSIFIERS = [
  { name: 'torch_relu', tol: 1e-6, exact: true },
  { name: 'torch_tanh', tol: 1e-6, exact: true },
  { name: 'sklearn_lr', tol: 1e-5, exact: true },
  { name: 'sklearn_lr_nozipmap', tol: 1e-5, exact: true },
  { name: 'xgboost_trees', tol: 1e-6, exact: false },
] as const;

describe('fixtures/foreign: raw-column models as users export them', () => {
  for (const c of CLASSIFIERS) {
    it(`${c.name}: accuracy on the raw test rows and the first ten probabilities are Python's`, () => {
      const r = ref(c.name);
      const { x, y } = readCsv(r.test, r.columns);
      expect(x.rows).toBe(100);
      const m = loadOnnxModel(foreign(`${c.name}.onnx`));
      expect(m.discovered.outputName).toBe(r.output);
      expect(m.gradientSource).toBe(c.exact ? 'autodiff' : 'finite-differences');
      expect(m.backend).toBe(c.exact ? 'xai-interpreter' : 'onnxruntime-node');
      const labels = argmaxRows(m.predictProba(x));
      expect(labels.reduce((s, l, i) => s + (l === y[i] ? 1 : 0), 0) / x.rows).toBe(r.accuracy);
      expect(maxDiff(m.predictProba(first10(x)), r.first10)).toBeLessThanOrEqual(c.tol);
      m.dispose();
    });
  }

  it("torch_regression: R² on the raw test rows and the first ten values are Python's", () => {
    const r = ref('torch_regression');
    const { x, y } = readCsv(r.test, r.columns);
    const m = loadOnnxModel(foreign('torch_regression.onnx'));
    expect(m.discovered).toMatchObject({ output: 'value', gradientSource: 'autodiff' });
    const v = m.predictProba(x);
    const mean = y.reduce((s, t) => s + t, 0) / y.length;
    const ssRes = y.reduce((s, t, i) => s + (t - v.data[i]!) ** 2, 0);
    const ssTot = y.reduce((s, t) => s + (t - mean) ** 2, 0);
    expect(Math.abs(1 - ssRes / ssTot - r.r2!)).toBeLessThanOrEqual(1e-6);
    // Values near 1e5 in float32: 2⁻²⁴ relative is ≈ 0.01.
    expect(maxDiff(m.predictProba(first10(x)), r.first10)).toBeLessThanOrEqual(0.05);
    m.dispose();
  });
});
