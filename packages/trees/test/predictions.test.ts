// Predictions against the references: xgboost's own predict (run by fixtures/make_fixtures.py) and
// ONNX Runtime (onnxruntime-node, run here) on every fixture, missing values included.
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { packTrees, rawScores, treeModelFromBytes } from '../src/index.js';
import { expected, fixtureBytes, matrixOf } from './fixtures.js';

const XGB = ['binary', 'multiclass', 'regression'] as const;

function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

describe('XGBoost JSON models predict as xgboost does', () => {
  for (const kind of XGB) {
    it(`${kind}: probabilities / values and margins within float32 rounding`, () => {
      const e = expected[`xgb_${kind}`]!;
      const m = treeModelFromBytes(fixtureBytes(`xgb_${kind}.json`), { file: `xgb_${kind}.json` });
      const x = matrixOf(e.x);
      expect(e.x.some((r) => r.includes(null))).toBe(true);
      expect(maxAbsDiff(m.predictProba(x).data, e.predict.flat())).toBeLessThan(1e-6);
      const z = e.margin.flat();
      const scale = Math.max(1, ...z.map(Math.abs));
      expect(maxAbsDiff(m.rawScores(x).data, z) / scale).toBeLessThan(1e-6);
    });
  }
});

const ONNX = ['xgb_binary', 'xgb_multiclass', 'xgb_regression', 'skl_rf_multiclass', 'skl_rf_binary', 'skl_gbr_regression'];

describe('ONNX tree graphs predict as ONNX Runtime does', () => {
  for (const name of ONNX) {
    it(name, async () => {
      const bytes = fixtureBytes(`${name}.onnx`);
      const m = treeModelFromBytes(bytes, { file: `${name}.onnx` });
      const x = matrixOf(expected[name]!.x);
      const session = await ort.InferenceSession.create(bytes);
      const feeds = { input: new ort.Tensor('float32', Float32Array.from(x.data), [x.rows, x.cols]) };
      const outName = m.output === 'value' ? 'variable' : 'probabilities';
      const res = await session.run(feeds, [outName]);
      const ref = res[outName]!.data as Float32Array;
      expect(maxAbsDiff(m.predictProba(x).data, ref)).toBeLessThan(2e-6);
      if (name.startsWith('skl_')) {
        // scikit-learn's own predictions, up to its float64 thresholds rounded to float32 in the file
        expect(maxAbsDiff(m.predictProba(x).data, expected[name]!.sklearnPredict.flat())).toBeLessThan(1e-5);
      }
    });
  }

  it('an XGBoost model as JSON and as ONNX gives the same raw scores', () => {
    for (const kind of XGB) {
      const x = matrixOf(expected[`xgb_${kind}`]!.x);
      const a = treeModelFromBytes(fixtureBytes(`xgb_${kind}.json`)).rawScores(x).data;
      const b = treeModelFromBytes(fixtureBytes(`xgb_${kind}.onnx`)).rawScores(x).data;
      expect(maxAbsDiff(a, b)).toBeLessThan(1e-6);
    }
  });
});

describe('branch-free, compiled and walked trees', () => {
  it('give the same bits on every fixture, missing values included', () => {
    for (const name of [...ONNX, 'xgb_binary.json', 'xgb_multiclass.json']) {
      const file = name.endsWith('.json') ? name : `${name}.onnx`;
      const m = treeModelFromBytes(fixtureBytes(file));
      const x = matrixOf(expected[name.replace(/\.json$/, '')]!.x);
      const branchFree = packTrees(m.ensemble);
      expect(branchFree.branchFree.any).toBe(true);
      const compiled = packTrees(m.ensemble, { branchFree: false });
      expect(compiled.compiled.every((f) => f !== null)).toBe(true);
      const walked = packTrees(m.ensemble, { branchFree: false, compile: false });
      const want = [...rawScores(walked, x).data];
      expect([...rawScores(compiled, x).data]).toEqual(want);
      expect([...rawScores(branchFree, x).data]).toEqual(want);
    }
  });
});
