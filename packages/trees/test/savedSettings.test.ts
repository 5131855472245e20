// Settings an XGBoost file saves beside its trees that change what it predicts, against xgboost's own
// answers (fixtures/make_saved_settings.py): early stopping (the scikit-learn estimator predicts with
// rounds 0..best_iteration, Booster.predict with all), the estimator's missing-value sentinel, and
// num_target (a multi-target regressor is refused).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isXaiError } from '@xai/core';
import { treeShapExplainer } from '@xai/explainers';
import { describe, expect, it } from 'vitest';
import { treeModelFromBytes } from '../src/index.js';
import { FIXTURES, fixtureBytes } from './fixtures.js';

interface Early {
  readonly best_iteration: number;
  readonly rounds: number;
  readonly predict: number[];
  readonly margin: number[];
  readonly contribs: number[][];
}
const want = JSON.parse(readFileSync(join(FIXTURES, 'saved_settings.json'), 'utf8')) as Record<string, Early & { missing?: number }>;
const lines = readFileSync(join(FIXTURES, 'saved_settings.csv'), 'utf8').trim().split('\n').slice(1);
const x = { rows: lines.length, cols: 5, data: Float64Array.from(lines.flatMap((l) => l.split(',').map(Number))) };

const maxDiff = (a: ArrayLike<number>, b: readonly number[]): number => Math.max(...b.map((v, i) => Math.abs(v - a[i]!)));
/** Class 1's column of a 2-class probability matrix's data. */
const classOne = (p: Float64Array, rows: number): Float64Array => Float64Array.from({ length: rows }, (_, i) => p[2 * i + 1]!);

describe('early stopping', () => {
  for (const [key, file, kept] of [
    ['early_sklearn', 'xgb_early_sklearn.json', 'best'],
    ['early_booster', 'xgb_early_booster.json', 'all'],
  ] as const) {
    it(`${file}: ${kept === 'best' ? "rounds 0..best_iteration, as the estimator's predict" : 'every round, as Booster.predict'} (margins, probabilities, TreeSHAP = xgboost's)`, () => {
      const e = want[key]!;
      expect(e.best_iteration + 1).toBeLessThan(e.rounds);
      const m = treeModelFromBytes(fixtureBytes(file), { file });
      expect(m.trees().trees.length).toBe(kept === 'best' ? e.best_iteration + 1 : e.rounds);
      expect(m.describe()).toContain(`best_iteration ${e.best_iteration}`);
      const p = m.predictProba(x).data;
      expect(maxDiff(classOne(p, x.rows), e.predict)).toBeLessThan(1e-6);
      expect(maxDiff(m.rawScores(x).data, e.margin)).toBeLessThan(1e-5);
      const r = treeShapExplainer().explainTrees(m, x);
      for (let i = 0; i < x.rows; i++) {
        const c = e.contribs[i]!;
        const scale = Math.max(...c.map(Math.abs));
        expect(maxDiff(r.attributions.data.subarray(i * 5, i * 5 + 5), c.slice(0, 5)) / scale).toBeLessThan(1e-5);
        expect(Math.abs((r.expectedValue[i] ?? r.expectedValue[0]!) - c[5]!)).toBeLessThan(1e-5 * scale);
      }
    });
  }
});

describe("the scikit-learn estimator's missing value", () => {
  it('xgb_sentinel.json (missing=-999): NaN rows predict as xgboost does with -999 cells; a -999 cell is refused naming it', () => {
    const e = want.sentinel!;
    const m = treeModelFromBytes(fixtureBytes('xgb_sentinel.json'), { file: 'xgb_sentinel.json' });
    expect(m.info.missingValue).toBe(-999);
    expect(m.describe()).toContain('missing=-999');
    const p = m.predictProba(x).data;
    expect(maxDiff(classOne(p, x.rows), e.predict)).toBeLessThan(1e-6);
    const withSentinel = { ...x, data: x.data.map((v) => (Number.isNaN(v) ? -999 : v)) };
    const at = Array.from(withSentinel.data).indexOf(-999);
    expect(at).toBeGreaterThanOrEqual(0);
    let caught: unknown;
    try {
      m.predictProba(withSentinel);
    } catch (err) {
      caught = err;
    }
    expect(isXaiError(caught, 'BAD_INPUT')).toBe(true);
    expect((caught as Error).message).toContain(
      `row ${Math.floor(at / 5)} column ${at % 5} holds -999, which xgb_sentinel.json reads as a missing value`,
    );
  });
});

describe('a multi-target regressor', () => {
  it('xgb_multi_target.json (num_target 2): NOT_SUPPORTED naming the file and the setting (its trees were summed into one value)', () => {
    let caught: unknown;
    try {
      treeModelFromBytes(fixtureBytes('xgb_multi_target.json'), { file: 'xgb_multi_target.json' });
    } catch (err) {
      caught = err;
    }
    expect(isXaiError(caught, 'NOT_SUPPORTED')).toBe(true);
    expect((caught as Error).message).toContain('xgb_multi_target.json');
    expect((caught as Error).message).toContain('num_target 2');
  });
});
