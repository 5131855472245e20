// Without training rows the floor cannot be computed: a score that beats the null alone is not
// "beats both controls" but not testable here, saying so; a score that does not beat the null still fails.
import type { Matrix, Model } from '@xai/core';
import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { evaluationControls } from './evaluationControls.js';

const model: Model = {
  inputDim: 4,
  classes: 2,
  predictProba: (x) => ({ rows: x.rows, cols: 2, data: new Float64Array(2 * x.rows).fill(0.5) }),
};
const n = 40;
const x = fromRows(Array.from({ length: n }, (_, i) => [i, (7 * i) % 5, (3 * i) % 11, 1]));
/** A made-up per-row score: the attribution of feature 0 (what a permuted null moves away). */
const score = (a: Matrix): Float64Array => Float64Array.from({ length: a.rows }, (_, i) => a.data[i * a.cols]!);
const inputs = (attributions: Matrix) => ({
  metric: 'PGI',
  model,
  x,
  attributions,
  train: undefined,
  targets: new Int32Array(n).fill(1),
  seed: 0,
  score,
  context: { linearModel: false, groundTruthIsModel: false },
});

describe('evaluationControls without training rows', () => {
  it('beating the null alone is not testable here, naming the floor that was not computed', () => {
    const a = fromRows(Array.from({ length: n }, (_, i) => [10 + (i % 3), 0, 0, 0]));
    const c = evaluationControls(inputs(a), score(a));
    expect(c.floor).toBeNull();
    expect(c.notComputed?.floor).toMatch(/no training rows/);
    expect(c.liftOverNull).toBeGreaterThan(0);
    expect(c.verdict).toMatchObject({
      kind: 'untestable',
      mark: '○',
      detail: 'it beats the null, but the floor was not computed, so it was not beaten',
    });
  });

  it('not beating the null still fails', () => {
    const a = fromRows(Array.from({ length: n }, () => [1, 1, 1, 1]));
    const c = evaluationControls(inputs(a), score(a));
    expect(c.verdict.kind).toBe('fails');
  });
});
