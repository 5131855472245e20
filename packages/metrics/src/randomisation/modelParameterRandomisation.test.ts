import { describe, expect, it } from 'vitest';
import { row } from '@xai/core';
import type { Matrix } from '@xai/core';
import type { ExplainFn } from '../extendedMetricTypes.js';
import { modelParameterRandomisation } from './modelParameterRandomisation.js';
import type { LayeredModel } from './modelParameterRandomisation.js';
import { randomLogit } from './randomLogit.js';
import { denseMlp, gradient, linearSoftmax, linearValueModel, randomMatrix } from '../__fixtures__/closedFormModels.js';

function cloneMlp(m: LayeredModel): LayeredModel {
  const src = m as ReturnType<typeof denseMlp>;
  const c = denseMlp([src.inputDim, ...src.layers.map((l) => l.weight.rows)], 0, src.output === 'value' ? 'value' : 'probabilities');
  c.parameters.set(src.parameters);
  return c;
}

describe('modelParameterRandomisation', () => {
  const x = randomMatrix(6, 4, 50);

  it('cascades top-down over every layer and restores the parameters bit for bit', () => {
    const model = denseMlp([4, 8, 6, 3], 1);
    const before = model.parameters.slice();
    const r = modelParameterRandomisation({ x, model, explain: gradient });
    expect(r.steps.map((s) => s.randomised)).toEqual([[2], [2, 1], [2, 1, 0]]);
    expect(model.parameters).toEqual(before);
    // values = per-instance mean of the step similarities (NaN if any step is NaN).
    for (let i = 0; i < 6; i++) {
      const m = r.steps.reduce((s, st) => s + st.result.values[i]!, 0) / 3;
      if (Number.isNaN(m)) expect(r.values[i]).toBeNaN();
      else expect(r.values[i]).toBeCloseTo(m, 14);
    }
    // The randomised network is a different function: the original similarity of e with itself is 1, here it is not.
    expect(r.steps[2]!.result.mean).toBeLessThan(1);
  });

  it('independent and cascading agree on the first step (same random top layer); clone gives the in-place result', () => {
    const model = denseMlp([4, 8, 6, 3], 2);
    const cas = modelParameterRandomisation({ x, model, explain: gradient }, { seed: 7 });
    const ind = modelParameterRandomisation({ x, model, explain: gradient }, { seed: 7, mode: 'independent' });
    expect(ind.steps.map((s) => s.randomised)).toEqual([[2], [1], [0]]);
    expect(ind.steps[0]!.result.values).toEqual(cas.steps[0]!.result.values);
    const before = model.parameters.slice();
    for (const mode of ['cascading', 'independent'] as const) {
      const viaClone = modelParameterRandomisation({ x, model, explain: gradient }, { seed: 7, mode, clone: cloneMlp });
      const inPlace = mode === 'cascading' ? cas : ind;
      for (const [k, s] of viaClone.steps.entries()) expect(s.result.values).toEqual(inPlace.steps[k]!.result.values);
    }
    expect(model.parameters).toEqual(before);
  });

  it('restores the parameters when explain throws mid-way', () => {
    const model = denseMlp([4, 5, 3], 3);
    const before = model.parameters.slice();
    let calls = 0;
    const failing: ExplainFn = (m, xs, t) => {
      if (++calls === 3) throw new Error('boom');
      return gradient(m, xs, t);
    };
    expect(() => modelParameterRandomisation({ x, model, explain: failing })).toThrow('boom');
    expect(model.parameters).toEqual(before);
  });

  it('a model-independent explanation scores similarity 1 at every step (fails the sanity check, as a floor should)', () => {
    const model = denseMlp([4, 5, 3], 4);
    const fixed: ExplainFn = (_m, xs): Matrix => ({
      rows: xs.rows,
      cols: 4,
      data: Float64Array.from({ length: xs.rows * 4 }, (_, k) => (k % 4) + 1),
    });
    const r = modelParameterRandomisation({ x, model, explain: fixed });
    expect(Array.from(r.values)).toEqual(new Array(6).fill(1));
  });

  it('NOT_SUPPORTED for a model without dense layers', () => {
    expect(() => modelParameterRandomisation({ x, model: linearValueModel([1, 2, 3, 4]), explain: gradient })).toThrow(/NOT_SUPPORTED/);
  });
});

describe('randomLogit', () => {
  it('draws a class other than the target, keyed by row content', () => {
    const model = linearSoftmax([
      [1, 0, 0, 1],
      [0, 1, 0, -1],
      [0, 0, 1, 0.5],
      [1, 1, 1, 1],
    ]);
    const x = randomMatrix(30, 4, 51);
    const targets = new Int32Array(30).map((_, i) => i % 4);
    const r = randomLogit({ x, model, targets, explain: gradient }, { seed: 2 });
    for (let i = 0; i < 30; i++) {
      expect(r.randomTargets[i]).not.toBe(targets[i]);
      expect(r.randomTargets[i]).toBeGreaterThanOrEqual(0);
      expect(r.randomTargets[i]).toBeLessThan(4);
    }
    const first = randomLogit(
      { x: { rows: 1, cols: 4, data: row(x, 5).slice() }, model, targets: targets.subarray(5, 6), explain: gradient },
      { seed: 2 },
    );
    expect(first.randomTargets[0]).toBe(r.randomTargets[5]);
    expect(first.values[0]).toBe(r.values[5]);
  });

  it('two classes: ∂p₁/∂x = −∂p₀/∂x, so |e| similarity is exactly 1 (uninformative) and the signed default −1 (closed form)', () => {
    const model = linearSoftmax([
      [1, -2, 0.5],
      [0.3, 1, -1],
    ]);
    const x = randomMatrix(5, 3, 52);
    const def = randomLogit({ x, model, explain: gradient });
    expect(def.similarity).toBe('spearman');
    expect(Array.from(def.values)).toEqual(new Array(5).fill(-1));
    expect(Array.from(randomLogit({ x, model, explain: gradient }, { similarity: 'spearman-abs' }).values)).toEqual(new Array(5).fill(1));
    for (const v of randomLogit({ x, model, explain: gradient }, { similarity: 'pearson' }).values) expect(v).toBeCloseTo(-1, 12);
    // A class-independent shortcut still scores 1 (fails), so the 2-class floor is meaningful under the default.
    const fixed: ExplainFn = (_m, xs): Matrix => ({
      rows: xs.rows,
      cols: 3,
      data: Float64Array.from({ length: xs.rows * 3 }, (_, k) => (k % 3) + 1),
    });
    expect(Array.from(randomLogit({ x, model, explain: fixed }).values)).toEqual(new Array(5).fill(1));
    // 3+ classes keep Quantus' default.
    expect(
      randomLogit({
        x,
        model: linearSoftmax([
          [1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ]),
        explain: gradient,
      }).similarity,
    ).toBe('spearman-abs');
  });

  it('NOT_SUPPORTED for one output; BAD_OPTION for an unknown similarity', () => {
    const x = randomMatrix(2, 2, 53);
    expect(() => randomLogit({ x, model: linearValueModel([1, 2]), explain: gradient })).toThrow(/NOT_SUPPORTED/);
    expect(() =>
      randomLogit(
        {
          x,
          model: linearSoftmax([
            [1, 0],
            [0, 1],
          ]),
          explain: gradient,
        },
        { similarity: 'cosine' } as never,
      ),
    ).toThrow(/BAD_OPTION/);
  });
});
