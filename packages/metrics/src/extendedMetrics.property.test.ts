// The registry's null notes, checked: a metric whose info says the permuted-attribution null is
// "not meaningful" claims its score is unchanged when the attributions (and, for the metrics that
// re-explain, every explanation) have their features permuted by one fixed permutation, so the
// bench skips that null run. A preset whose own note replaces the claim is left out: under
// `quantus` RANDOM_LOGIT compares explanations by SSIM, whose sliding window reads neighbouring
// features (see the example at the end).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyPreset, Matrix } from '@xai/core';
import { EXTENDED_METRIC_IDS, extendedMetricNotes, extendedMetrics } from './index.js';
import type { ExtendedMetricId } from './index.js';
import type { ExplainFn } from './extendedMetricTypes.js';
import { denseMlp, gradient, randomMatrix } from './__fixtures__/closedFormModels.js';
import { permutation, permuteColumns, runs } from './__fixtures__/arbitraries.js';

const NULL_NOT_MEANINGFUL = EXTENDED_METRIC_IDS.filter((id) => !extendedMetrics[id].info.nullMeaningful);
const CLASSES = 3;

interface Setup {
  readonly model: ReturnType<typeof denseMlp>;
  readonly x: Matrix;
  readonly targets: Int32Array;
}

function setup(d: number, seed: number): Setup {
  const x = randomMatrix(3, d, seed);
  return { model: denseMlp([d, 5, CLASSES], seed), x, targets: Int32Array.from([0, 1, 2]) };
}

/** The metric's values for the gradient explainer, its features permuted by `perm` (identity: the explainer itself). */
function scoreWith(id: ExtendedMetricId, s: Setup, perm: readonly number[], preset: string): Float64Array {
  const explain: ExplainFn = (m, x, t) => permuteColumns(gradient(m, x, t), perm);
  return extendedMetrics[id].run(s.model, s.x, explain(s.model, s.x, s.targets), s.targets, explain, { preset }).values;
}

describe('the permuted-attribution null the registry calls not meaningful', () => {
  it('lists the metrics whose score is a function of norms, sums, sorted values or jointly ranked vectors', () => {
    expect(NULL_NOT_MEANINGFUL.length).toBeGreaterThan(5);
  });

  it.each(['default', 'quantus'])('%s: each such score is unchanged by a fixed permutation of every explanation', (preset) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 7, max: 9 }).chain((d) => fc.tuple(fc.integer({ min: 1, max: 1000 }), permutation(d))),
        ([seed, perm]) => {
          const s = setup(perm.length, seed);
          const identity = perm.map((_, j) => j);
          for (const id of NULL_NOT_MEANINGFUL) {
            if (extendedMetricNotes(id, preset as AnyPreset).nullNote !== extendedMetricNotes(id).nullNote) continue;
            const before = scoreWith(id, s, identity, preset);
            const after = scoreWith(id, s, perm, preset);
            // Norms and sums run over the features in index order: equal to rounding.
            before.forEach((v, i) => {
              // Undefined (NaN) or unbounded (quantus' division by a zero norm) on both sides alike.
              if (!Number.isFinite(v)) expect(after[i], `${id}[${i}]`).toBe(v);
              else
                expect(Math.abs(after[i]! - v), `${id}[${i}]: ${after[i]} vs ${v}`).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(v)));
            });
          }
        },
      ),
      runs(4, preset === 'default' ? 0x4e11 : 0x4e12),
    );
  });

  it('quantus RANDOM_LOGIT (SSIM over a window of 7 neighbouring features) changes under a permutation', () => {
    const s = setup(8, 60);
    const before = scoreWith('RANDOM_LOGIT', s, [0, 1, 2, 3, 4, 5, 6, 7], 'quantus');
    const after = scoreWith('RANDOM_LOGIT', s, [3, 0, 7, 1, 2, 6, 5, 4], 'quantus');
    expect(Math.max(...before.map((v, i) => Math.abs(v - after[i]!)))).toBeGreaterThan(1e-3);
    // and the registry says so under quantus, where the default note claims an unchanged score
    expect(extendedMetricNotes('RANDOM_LOGIT', 'quantus').nullNote).toMatch(/SSIM over windows of 7 neighbouring features/);
    expect(extendedMetricNotes('RANDOM_LOGIT', 'default').nullNote).toBe(extendedMetrics.RANDOM_LOGIT.info.nullNote);
    expect(extendedMetricNotes('RANDOM_LOGIT').nullNote).toMatch(/leaves the score unchanged/);
  });
});
