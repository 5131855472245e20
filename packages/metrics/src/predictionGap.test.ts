import { describe, expect, it } from 'vitest';
import { createRng, fromRows, isXaiError, matrix, row } from '@xai/core';
import type { FeatureSchema, Matrix, Model } from '@xai/core';
import { countingModel, reusingModel } from './__fixtures__/models.js';
import { tinyMlp } from './__fixtures__/tinyMlp.js';
import { tinyLr } from './__fixtures__/tinyLr.js';
import { pgi } from './predictionGap/pgi.js';
import { pgu } from './predictionGap/pgu.js';
import { predictionGaps } from './predictionGap/predictionGaps.js';

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

function uniformMatrix(n: number, d: number, seed: number): Matrix {
  const m = matrix(n, d);
  createRng(seed).fillUniform(m.data);
  return m;
}

/** The same row of w for every instance (an LR's ground truth). */
function repeatRow(w: ArrayLike<number>, n: number): Matrix {
  const m = matrix(n, w.length);
  for (let i = 0; i < n; i++) m.data.set(Array.from(w), i * w.length);
  return m;
}

function expectCode(f: () => unknown, code: string): void {
  try {
    f();
  } catch (err) {
    expect(isXaiError(err)).toBe(true);
    expect((err as { code: string }).code).toBe(code);
    return;
  }
  throw new Error('expected a throw');
}

describe('PGI / PGU on a linear model', () => {
  const w = [8, -4, 2, 1, -0.5];
  const model = tinyLr(w, 0.1);
  const x = uniformMatrix(8, 5, 11);

  it('the exact ranking gives PGI > PGU; the inverted ranking gives PGI < PGU', () => {
    const exact = repeatRow(w, 8);
    const inverted = repeatRow(
      w.map((v) => 1 / Math.abs(v)),
      8,
    );
    const a = predictionGaps({ x, attributions: exact, model }, { samples: 50 });
    const b = predictionGaps({ x, attributions: inverted, model }, { samples: 50 });
    for (let i = 0; i < 8; i++) {
      expect(a.PGI.values[i]!).toBeGreaterThan(a.PGU.values[i]!);
      expect(b.PGI.values[i]!).toBeLessThan(b.PGU.values[i]!);
    }
  });

  it('sigma = 0 gives exactly 0 (continuous and discrete features)', () => {
    const schema: FeatureSchema = {
      names: ['a', 'b', 'c', 'd', 'e'],
      kinds: ['continuous', 'discrete', 'continuous', 'discrete', 'continuous'],
      groups: [],
    };
    const r = predictionGaps({ x, attributions: repeatRow(w, 8), model, schema }, { sigma: 0, samples: 10 });
    for (const v of r.PGI.values) expect(v).toBe(0);
    for (const v of r.PGU.values) expect(v).toBe(0);
  });

  it('small noise matches the linearised closed form s * sigma * ||w_free|| * sqrt(2/pi), integrated over k', () => {
    // Delta z = sigma * sum_free w_j eps_j ~ N(0, sigma^2 ||w_free||^2) and Delta p ~ p(1-p) Delta z.
    const d = 4;
    const lr = tinyLr([3, -2, 1, 0.5], -0.2);
    const xs = uniformMatrix(3, d, 5);
    const sigma = 1e-3;
    const S = 10000;
    const r = predictionGaps({ x: xs, attributions: repeatRow(lr.w, 3), model: lr }, { sigma, samples: S, seed: 3 });
    const w2 = [9, 4, 1, 0.25]; // squared weights in ranking order
    for (let i = 0; i < 3; i++) {
      const p = sigmoid(lr.z(row(xs, i)));
      const s = p * (1 - p);
      const perK = (free: (k: number, j: number) => boolean) =>
        [1, 2, 3, 4].map((k) => s * sigma * Math.sqrt(2 / Math.PI) * Math.sqrt(w2.reduce((acc, v, j) => acc + (free(k, j) ? v : 0), 0)));
      const trap = (v: number[]) => (v[0]! / 2 + v[1]! + v[2]! + v[3]! / 2) / 3;
      expect(Math.abs(r.PGI.values[i]! / trap(perK((k, j) => j < k)) - 1)).toBeLessThan(0.04);
      expect(Math.abs(r.PGU.values[i]! / trap(perK((k, j) => j >= k)) - 1)).toBeLessThan(0.04);
    }
  });

  it('pgi and pgu alone equal predictionGaps (shared noise), and the seed matters', () => {
    const e = repeatRow(w, 8);
    const both = predictionGaps({ x, attributions: e, model }, { samples: 20, seed: 7 });
    expect(Array.from(pgi({ x, attributions: e, model }, { samples: 20, seed: 7 }).values)).toEqual(Array.from(both.PGI.values));
    expect(Array.from(pgu({ x, attributions: e, model }, { samples: 20, seed: 7 }).values)).toEqual(Array.from(both.PGU.values));
    expect(Array.from(pgi({ x, attributions: e, model }, { samples: 20, seed: 8 }).values)).not.toEqual(Array.from(both.PGI.values));
  });

  it('permuting the instances permutes the values (noise keyed by content, not position)', () => {
    const e = uniformMatrix(8, 5, 12);
    const perm = [5, 2, 7, 0, 1, 6, 3, 4];
    const px = matrix(8, 5);
    const pe = matrix(8, 5);
    perm.forEach((src, i) => {
      px.data.set(row(x, src), i * 5);
      pe.data.set(row(e, src), i * 5);
    });
    const a = pgi({ x, attributions: e, model }, { samples: 20 }).values;
    const b = pgi({ x: px, attributions: pe, model }, { samples: 20 }).values;
    perm.forEach((src, i) => expect(b[i]).toBe(a[src]));
  });

  it('batches all rows x k x samples into few predictProba calls', () => {
    const cm = countingModel(model);
    pgi({ x, attributions: repeatRow(w, 8), model: cm }, { samples: 10, maxBatchRows: 100 }); // 5 k x 10 = 50 rows per instance -> 2 per call
    expect(cm.calls.predictProba).toEqual([8, 100, 100, 100, 100]);
    const cm2 = countingModel(model);
    predictionGaps({ x, attributions: repeatRow(w, 8), model: cm2 }, { samples: 10 });
    expect(cm2.calls.predictProba).toEqual([8, 8 * 2 * 5 * 10]);
  });
});

describe('discrete features and one-hot groups', () => {
  it('a discrete column flips 0 <-> 1 (flip probability 1 makes it exact)', () => {
    const lr = tinyLr([2, -1, 0.5], 0);
    const x = fromRows([[0, 1, 0]]);
    const schema: FeatureSchema = { names: ['a', 'b', 'c'], kinds: ['discrete', 'discrete', 'discrete'], groups: [] };
    const e = fromRows([[2, -1, 0.5]]);
    const p = sigmoid(-1);
    // PGI at k = 1 flips f0 only: z = 2 - 1 = 1.
    expect(pgi({ x, attributions: e, model: lr, schema }, { k: 1, auc: false, flipProbability: 1, samples: 3 }).values[0]).toBeCloseTo(
      Math.abs(sigmoid(1) - p),
      14,
    );
    // PGU at k = 1 flips f1 and f2: z = 0 + 0 + 0.5.
    expect(pgu({ x, attributions: e, model: lr, schema }, { k: 1, auc: false, flipProbability: 1, samples: 3 }).values[0]).toBeCloseTo(
      Math.abs(sigmoid(0.5) - p),
      14,
    );
  });

  const lr = tinyLr([1, 3, 3, 0.5], 0);
  const x = fromRows([[1, 0, 0, 0.2]]);
  const schema: FeatureSchema = {
    names: ['g0', 'g1', 'g2', 'c'],
    kinds: ['discrete', 'discrete', 'discrete', 'continuous'],
    groups: [[0, 1, 2]],
  };
  const p = sigmoid(1 + 0.1);

  it('a free group moves its 1 to another column of the group (columns 1 and 2 weigh the same here)', () => {
    // Top-1 = the continuous column; PGU frees the whole group: z becomes 3 + 0.1.
    const e = fromRows([[0, 0, 0, 5]]);
    for (const preset of ['default', 'openxai'] as const) {
      expect(
        pgu({ x, attributions: e, model: lr, schema }, { preset, k: 1, auc: false, sigma: 0, flipProbability: 1, samples: 5 }).values[0],
      ).toBeCloseTo(Math.abs(sigmoid(3.1) - p), 14);
    }
  });

  const opts = { k: 1, auc: false, sigma: 0, flipProbability: 1, samples: 5 } as const;

  it('hot column ranked top: default moves the whole group in PGI and keeps it in PGU; openxai masks per column', () => {
    const e = fromRows([[5, 0, 0, 0]]);
    for (const preset of ['default', 'paper'] as const) {
      // The group is one unit free with its hot column: the 1 moves to g1 or g2 (weight 3 each), z = 3 + 0.1.
      expect(pgi({ x, attributions: e, model: lr, schema }, { ...opts, preset }).values[0]).toBeCloseTo(Math.abs(sigmoid(3.1) - p), 14);
      // PGU fixes the top-1 (the hot column), so the group stays; c is free but sigma = 0.
      expect(pgu({ x, attributions: e, model: lr, schema }, { ...opts, preset }).values[0]).toBe(0);
    }
    // openxai PGI: g0 -> 0 and the destination (fixed) is restored: no 1 left, z = 0.1.
    expect(pgi({ x, attributions: e, model: lr, schema }, { ...opts, preset: 'openxai' }).values[0]).toBeCloseTo(
      Math.abs(sigmoid(0.1) - p),
      14,
    );
    // openxai PGU: g0 is fixed (stays 1) and the free destination becomes 1: two 1s, z = 1 + 3 + 0.1.
    expect(pgu({ x, attributions: e, model: lr, schema }, { ...opts, preset: 'openxai' }).values[0]).toBeCloseTo(
      Math.abs(sigmoid(4.1) - p),
      14,
    );
  });

  it('a cold column ranked top does not free the group: the hot column decides', () => {
    const e = fromRows([[0, 5, 0, 0]]);
    // PGI top-1 = g1 (cold); the hot g0 is fixed, so the group stays.
    expect(pgi({ x, attributions: e, model: lr, schema }, opts).values[0]).toBe(0);
    // PGU frees g0 (not in the top-1): the group moves to g1 or g2, z = 3.1.
    expect(pgu({ x, attributions: e, model: lr, schema }, opts).values[0]).toBeCloseTo(Math.abs(sigmoid(3.1) - p), 14);
  });

  it('a flip moves the 1 to a uniformly chosen other column of the group, and every perturbed row stays one-hot in default', () => {
    // g1 and g2 now differ: z = 3.1 for g1 and -0.9 for g2.
    const lr2 = tinyLr([1, 3, -1, 0.5], 0);
    const a = Math.abs(sigmoid(3.1) - p);
    const b = Math.abs(sigmoid(-0.9) - p);
    const S = 400;
    const v = pgi({ x, attributions: fromRows([[5, 0, 0, 0]]), model: lr2, schema }, { ...opts, samples: S }).values[0]!;
    // v = (n1 a + n2 b) / S with n1 + n2 = S: the share sent to g1 is ~ Binomial(S, 1/2) / S (sd 0.025).
    const share = (v - b) / (a - b);
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
    expect(Math.abs(share * S - Math.round(share * S))).toBeLessThan(1e-6);
    // Row validity over random rankings, flips and continuous noise.
    const seen = { default: 0, openxai: 0 };
    for (const preset of ['default', 'openxai'] as const) {
      let invalid = 0;
      const recorder: Model = {
        inputDim: 4,
        classes: 2,
        predictProba(m: Matrix): Matrix {
          for (let i = 0; i < m.rows; i++) {
            const r = row(m, i);
            if (r[0]! + r[1]! + r[2]! !== 1) invalid++;
          }
          return lr2.predictProba(m);
        },
      };
      const xs = fromRows([
        [1, 0, 0, 0.2],
        [0, 1, 0, 0.7],
        [0, 0, 1, -0.3],
      ]);
      predictionGaps(
        { x: xs, attributions: uniformMatrix(3, 4, 5), model: recorder, schema },
        { preset, flipProbability: 0.5, samples: 20 },
      );
      seen[preset] = invalid;
    }
    expect(seen.default).toBe(0);
    expect(seen.openxai).toBeGreaterThan(0);
  });
});

describe('model output buffers reused across calls', () => {
  it('a model returning one shared buffer on every call gives the same PGI / PGU as a copying model', () => {
    const mlp = tinyMlp(
      [
        [1, 0.5, -0.3],
        [-0.5, 1, 0.2],
        [0.3, 0.3, 0.3],
      ],
      [0.2, 0.1, 0.4],
      [
        [1, -1, 0.5],
        [-1, 1, 0.2],
      ],
      [0.05, -0.05],
    );
    const x = uniformMatrix(6, 3, 4);
    const e = uniformMatrix(6, 3, 8);
    for (const preset of ['default', 'openxai'] as const) {
      // maxBatchRows forces several perturbed batches after the reference call.
      const opts = { preset, samples: 10, maxBatchRows: 120 };
      const a = predictionGaps({ x, attributions: e, model: mlp }, opts);
      const b = predictionGaps({ x, attributions: e, model: reusingModel(mlp) }, opts);
      expect(Array.from(b.PGI.values)).toEqual(Array.from(a.PGI.values));
      expect(Array.from(b.PGU.values)).toEqual(Array.from(a.PGU.values));
      expect(a.PGI.mean).toBeGreaterThan(0);
    }
  });
});

describe('errors', () => {
  const lr = tinyLr([1, 2], 0);
  const x = fromRows([[0.1, 0.2]]);
  const e = fromRows([[1, 2]]);
  it('missing model -> BAD_INPUT; wrong width -> SHAPE_MISMATCH', () => {
    expectCode(() => pgi({ x, attributions: e }), 'BAD_INPUT');
    expectCode(() => pgi({ x, attributions: e, model: tinyLr([1, 2, 3]) }), 'SHAPE_MISMATCH');
  });
  it('missing x -> BAD_INPUT', () => expectCode(() => pgi({ attributions: e, model: lr } as never), 'BAD_INPUT'));
  it('bad options -> BAD_OPTION', () => {
    expectCode(() => pgi({ x, attributions: e, model: lr }, { sigma: -1 }), 'BAD_OPTION');
    expectCode(() => pgi({ x, attributions: e, model: lr }, { samples: 0 }), 'BAD_OPTION');
    expectCode(() => pgu({ x, attributions: e, model: lr }, { k: 3 }), 'BAD_OPTION');
    expectCode(() => pgu({ x, attributions: e, model: lr }, { flipProbability: 2 }), 'BAD_OPTION');
    expectCode(() => pgu({ x, attributions: e, model: lr }, { seed: 0.5 }), 'BAD_OPTION');
    expectCode(() => pgu({ x, attributions: e, model: lr }, { maxBatchRows: -3 }), 'BAD_OPTION');
  });
  it('schema of the wrong length -> SHAPE_MISMATCH; overlapping groups or bad kinds -> BAD_INPUT', () => {
    expectCode(() => pgi({ x, attributions: e, model: lr, schema: { names: ['a'], kinds: ['continuous'], groups: [] } }), 'SHAPE_MISMATCH');
    expectCode(
      () => pgi({ x, attributions: e, model: lr, schema: { names: ['a', 'b'], kinds: ['continuous', 'discrete'], groups: [[0, 1], [1]] } }),
      'BAD_INPUT',
    );
    expectCode(
      () => pgi({ x, attributions: e, model: lr, schema: { names: ['a', 'b'], kinds: ['continuous', 'ordinal' as never], groups: [] } }),
      'BAD_INPUT',
    );
    expectCode(() => pgi({ x, attributions: e, model: lr, schema: { names: [], kinds: 'cc' as never, groups: [] } }), 'BAD_INPUT');
  });
  it('a model that does not return probabilities -> NOT_PROBABILITIES', () => {
    const bad: Model = {
      inputDim: 2,
      classes: 2,
      predictProba: (m) => ({ rows: m.rows, cols: 2, data: new Float64Array(m.rows * 2).fill(0.7) }),
    };
    expectCode(() => pgi({ x, attributions: e, model: bad }), 'NOT_PROBABILITIES');
  });
  it('a model with fewer than two classes -> BAD_INPUT', () => {
    expectCode(() => pgi({ x, attributions: e, model: { ...lr, classes: 1 } }), 'BAD_INPUT');
  });
});
