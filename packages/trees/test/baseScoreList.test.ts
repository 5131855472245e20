// base_score as XGBoost ≥ 3.1 writes it, a bracketed list (fixtures/make_base_score_list.py: xgboost
// 1.7 models with that field rewritten, against 1.7's own answers for the same intercepts). Before,
// Number('[2E-1]') made every prediction NaN, silently.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { readXgboostJson, treeModelFromBytes } from '../src/index.js';
import { FIXTURES, fixtureBytes } from './fixtures.js';

const want = JSON.parse(readFileSync(join(FIXTURES, 'base_score_list.json'), 'utf8')) as Record<
  'binary' | 'multiclass',
  { predict: number[] | number[][]; margin: number[] | number[][] }
>;
const lines = readFileSync(join(FIXTURES, 'base_score_list.csv'), 'utf8').trim().split('\n').slice(1);
const x = { rows: lines.length, cols: 4, data: Float64Array.from(lines.flatMap((l) => l.split(',').map(Number))) };
const maxDiff = (a: ArrayLike<number>, b: readonly number[]): number => Math.max(...b.map((v, i) => Math.abs(v - a[i]!)));

describe('base_score as a list', () => {
  it('"[2E-1]" on a binary:logistic model: its logit starts the margin, as a number did', () => {
    const m = treeModelFromBytes(fixtureBytes('xgb_base_list_binary.json'), { file: 'xgb_base_list_binary.json' });
    const p = m.predictProba(x).data;
    const p1 = Float64Array.from({ length: x.rows }, (_, i) => p[2 * i + 1]!);
    expect(maxDiff(p1, want.binary.predict as number[])).toBeLessThan(1e-6);
    expect(maxDiff(m.rawScores(x).data, want.binary.margin as number[])).toBeLessThan(1e-5);
  });

  it('"[1E-1,7E-1,3E-1]" on a 3-class softprob model: each class margin starts from its own value', () => {
    const m = treeModelFromBytes(fixtureBytes('xgb_base_list_multiclass.json'), { file: 'xgb_base_list_multiclass.json' });
    expect(maxDiff(m.predictProba(x).data, (want.multiclass.predict as number[][]).flat())).toBeLessThan(1e-6);
    expect(maxDiff(m.rawScores(x).data, (want.multiclass.margin as number[][]).flat())).toBeLessThan(1e-5);
  });

  it('a list of the wrong length, or a value that is not a number, is PARSE_ERROR naming the file and field', () => {
    const text = readFileSync(join(FIXTURES, 'xgb_base_list_multiclass.json'), 'utf8');
    for (const bad of ['[1E-1,7E-1]', 'abc', '[]', '[1E-1,x,3E-1]']) {
      let caught: unknown;
      try {
        readXgboostJson(text.replace('"[1E-1,7E-1,3E-1]"', JSON.stringify(bad)), { file: 'm.json' });
      } catch (e) {
        caught = e;
      }
      expect(isXaiError(caught, 'PARSE_ERROR'), bad).toBe(true);
      expect((caught as Error).message).toContain('m.json');
      expect((caught as Error).message).toContain('learner_model_param.base_score');
    }
  });
});
